import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json. The code runs both from `src/` (tests) and from `dist/`
 * (npm start), at different depths, so files shipped beside the code (operation documents,
 * the schema) are found from here.
 */
export const projectRoot: string = (() => {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${__dirname}`);
    dir = parent;
  }
  return dir;
})();

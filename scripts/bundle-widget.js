// Bundles the <parley-chat> widget (src/widget/parley-chat.js and what it imports: graphql-ws's
// client, @wallet-standard/app) into one minified ES module, dist/widget.js, which Parley serves
// at GET /widget.js. Run by ensure-build.js (npm start, npm run build, the Dockerfile) and by
// jest's globalSetup, so the tests serve the widget of the sources they run. esbuild is a
// devDependency: the image keeps the bundle, not the bundler.
const { mkdirSync, renameSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { gzipSync } = require('node:zlib');

const root = path.join(__dirname, '..');
const WIDGET_BUNDLE = path.join(root, 'dist', 'widget.js');

/** Writes dist/widget.js; resolves with its size in bytes, as is and gzipped (the budget is 60 KB gzipped). */
async function bundleWidget() {
  const esbuild = require('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src', 'widget', 'parley-chat.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Browsers with custom elements, private fields, BigInt and adopted stylesheets.
    target: ['es2022', 'chrome100', 'firefox101', 'safari16.4'],
    minify: true,
    charset: 'utf8',
    write: false,
  });
  const [output] = result.outputFiles;
  mkdirSync(path.dirname(WIDGET_BUNDLE), { recursive: true });
  // Written aside then renamed: a server or another test run reading it never sees half a file.
  const partial = `${WIDGET_BUNDLE}.${process.pid}.tmp`;
  writeFileSync(partial, output.contents);
  renameSync(partial, WIDGET_BUNDLE);
  return { bytes: output.contents.length, gzipped: gzipSync(output.contents).length };
}

module.exports = { bundleWidget, WIDGET_BUNDLE };

if (require.main === module) {
  bundleWidget().then(
    ({ bytes, gzipped }) => process.stderr.write(`${path.relative(root, WIDGET_BUNDLE)}: ${bytes.toLocaleString('en')} bytes, ${gzipped.toLocaleString('en')} gzipped\n`),
    (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
}

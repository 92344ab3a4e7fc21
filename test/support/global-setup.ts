import { ensureTemplate } from '../../src/app/embedded-postgres';

// Build the embedded-database template once, before workers start restoring it in parallel.
export default async function globalSetup(): Promise<void> {
  await ensureTemplate();
}

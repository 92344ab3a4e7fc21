// Before any test file runs: GET /widget.js serves dist/widget.js, so it is bundled here from the
// sources under test (about half a second), as `npm start` bundles it before the service starts.
const { bundleWidget } = require('../../scripts/bundle-widget');

module.exports = async () => {
  await bundleWidget();
};

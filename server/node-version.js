/** @returns {string | null} why this Node cannot run Zuri, or null when it can */
export function nodeVersionProblem(version = process.versions.node) {
  const major = Number(version.split(".")[0]);
  return major >= 24
    ? null
    : `Zuri needs Node.js 24 or newer (this is v${version}); run it through npm (npm start), which uses the pinned node@24 from node_modules.`;
}

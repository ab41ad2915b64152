// node-polyglot's `hasown` (and its function-bind): Object.hasOwn (ES2022) does the same.
module.exports = Object.hasOwn;

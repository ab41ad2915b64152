// node-polyglot (under ra-i18n-polyglot) requires the `object.entries` polyfill, which brings
// get-intrinsic, call-bind and half a dozen more packages (about 5 KB gzip) into the first load.
// Every browser the panel supports has Object.entries (ES2017).
module.exports = Object.entries;

'use strict';

/**
 * Stands in for the `side-channel` package (aliased in vite.config.ts) in the web build. Its one
 * user there is `qs` (refine's URL query parsing), which keeps per-call object maps to detect
 * cycles. The package picks a WeakMap, Map or list channel and names unknown keys in its error
 * with `object-inspect`; with `get-intrinsic` and their helpers that is about 35 KB before
 * compression in the signed-in app's chunk (page weight, issue 18). Same API, on a Map: qs's
 * channels live for one parse or stringify call, so weak references gain nothing.
 */
module.exports = function getSideChannel() {
  var map = new Map();
  return {
    assert: function (key) {
      if (!map.has(key)) throw new TypeError('Side channel does not contain ' + String(key));
    },
    delete: function (key) {
      return map.delete(key);
    },
    get: function (key) {
      return map.get(key);
    },
    has: function (key) {
      return map.has(key);
    },
    set: function (key, value) {
      map.set(key, value);
    },
  };
};

// superstatic (firebase-tools' Hosting emulator, and `site deploy --check` through it) matches
// firebase.json's `regex` rules with `new (require('re2'))(pattern, 'u')` when re2 loads, as real
// Hosting does. The native re2 package compiles C++ with node-gyp on every clean install (over
// 4 minutes of CPU, half of a CI run's `npm ci`); re2-wasm is the same RE2 engine built to
// WebAssembly by Google and ships ready to run. package.json's `overrides` puts this in re2's place.
module.exports = require('re2-wasm').RE2;

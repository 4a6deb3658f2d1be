// The command `firebase emulators:exec` runs: it reports the emulators' addresses (the
// variables exec gives it) on one line, then holds the emulators up until its stdin closes,
// so one emulator start serves every assertion of the test that spawned it.
const names = ['FIREBASE_AUTH_EMULATOR_HOST', 'FUNCTIONS_EMULATOR_HOST', 'FIREBASE_EMULATOR_HUB', 'GCLOUD_PROJECT'];
process.stdout.write(
  `EMULATORS-READY ${JSON.stringify(Object.fromEntries(names.map((name) => [name, process.env[name]])))}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));

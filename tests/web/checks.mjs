// The npm package tests' tally: check(ok, what) counts a check and prints
// the first 30 failures; done(name) prints the count and exits, 1 on any
// failure.
let checks = 0, failures = 0;

export function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    if (failures <= 30) console.error(`FAIL: ${what}`);
  }
}

export function done(name) {
  console.log(`${name}: ${checks} checks, ${failures} failed`);
  process.exit(failures === 0 && checks > 0 ? 0 : 1);
}

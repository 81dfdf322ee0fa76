// Compares the validate outputs of two differential runs (target/differential/native.json,
// written by `DIFF_CASES=N cargo test --release --test differential`), case by case: the guard of
// a change that must not change any result (issue 17's rule-engine rewrite).
// Usage: node scripts/compare-differential.mjs BASELINE.json [NEW.json]
import { readFileSync } from "node:fs";

const [basePath, newPath = "target/differential/native.json"] = process.argv.slice(2);
if (!basePath) {
  console.error("usage: node scripts/compare-differential.mjs BASELINE.json [NEW.json]");
  process.exit(2);
}
const read = (p) => JSON.parse(readFileSync(p, "utf8"));
const [a, b] = [read(basePath), read(newPath)];
if (a.items.length !== b.items.length) {
  console.error(`different case counts: ${a.items.length} vs ${b.items.length}`);
  process.exit(1);
}
let compared = 0;
let differ = 0;
for (let i = 0; i < a.items.length; i++) {
  const [x, y] = [a.items[i], b.items[i]];
  if (x.op !== "validate" && y.op !== "validate") continue;
  compared++;
  if (JSON.stringify(x) !== JSON.stringify(y)) {
    if (differ < 5) console.error(`case ${i} (${x.kind}) differs:\n  ${x.output}\n  ${y.output}`);
    differ++;
  }
}
console.log(`${compared} validate cases compared, ${differ} differ`);
process.exit(differ ? 1 : 0);

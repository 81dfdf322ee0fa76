#!/usr/bin/env python3
"""Regenerate src/checks/iso.rs from pycountry (pip install pycountry). Dev-time only."""
import pycountry, pathlib, re
p = pathlib.Path(__file__).resolve().parent.parent / "src/checks/iso.rs"
text = p.read_text()
def block(name, xs):
    rows = [" ".join(f'"{x}",' for x in xs[i:i + 12]) for i in range(0, len(xs), 12)]
    return f"pub const {name}: &[&str] = &[\n" + "\n".join("    " + r for r in rows) + "\n];"
for name, xs in [("COUNTRY_ALPHA2", sorted(c.alpha_2 for c in pycountry.countries)),
                 ("CURRENCY_ALPHA3", sorted(c.alpha_3 for c in pycountry.currencies))]:
    text = re.sub(rf"pub const {name}: &\[&str\] = &\[\n.*?\n\];", block(name, xs), text, flags=re.S)
p.write_text(text)

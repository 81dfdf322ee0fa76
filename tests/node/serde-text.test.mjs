// The vector suites hand wasm exactly the text the native runner hands the engine,
// serde_json::to_string of the vector payload. tests/node/vector-cases.mjs re-creates that text
// from the vector file; this pins it to what serde_json 1.0.154 (the version in Cargo.lock, with
// its zmij float formatting and without float_roundtrip) really printed for each input below.
// If a serde_json upgrade changes its output, the vector suites report raw outputs that differ
// from native; regenerate this table from the new serde_json then.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAst, toSerdeText } from './vector-cases.mjs';

// [JSON text, serde_json::to_string(&serde_json::from_str::<Value>(text)?)]
const GOLDEN = [
  ["0", "0"],
  ["-0", "-0.0"],
  ["0.0", "0.0"],
  ["-0.0", "-0.0"],
  ["1", "1"],
  ["1.0", "1.0"],
  ["4.0", "4.0"],
  ["60.5", "60.5"],
  ["1e3", "1000.0"],
  ["1E3", "1000.0"],
  ["1e-7", "1e-7"],
  ["1.5e-7", "1.5e-7"],
  ["2.5e-5", "0.000025"],
  ["0.0001", "0.0001"],
  ["0.00001", "0.00001"],
  ["0.000012345", "0.000012345"],
  ["123456789012345678", "123456789012345678"],
  ["12345678901234567890", "12345678901234567890"],
  ["18446744073709551615", "18446744073709551615"],
  ["18446744073709551616", "1.8446744073709552e+19"],
  ["-9223372036854775808", "-9223372036854775808"],
  ["-9223372036854775809", "-9.223372036854776e+18"],
  ["-1", "-1"],
  ["1e15", "1000000000000000.0"],
  ["1e16", "1e+16"],
  ["1e17", "1e+17"],
  ["123456789012345.6", "123456789012345.6"],
  ["1234567890123456.7", "1234567890123456.8"],
  ["12345678901234567.8", "1.2345678901234568e+16"],
  ["1e21", "1e+21"],
  ["1.7976931348623157e308", "1.7976931348623157e+308"],
  ["5e-324", "5e-324"],
  ["2e-324", "0.0"],
  ["1e-400", "0.0"],
  ["9007199254740993", "9007199254740993"],
  ["9007199254740993.0", "9007199254740994.0"],
  ["198186635971069.34", "198186635971069.38"],
  ["-4323254823684692.5", "-4323254823684693.0"],
  ["0.000012967777252197265", "0.000012967777252197264"],
  ["123456789012345678901234567890.123e-5", "1.2345678901234568e+24"],
  ["100000000000000000000000", "1e+23"],
  ["18446744073709551614e2", "1.8446744073709552e+21"],
  ["0e2147483648", "0.0"],
  ["1e-2147483648", "0.0"],
  ["-0.0e5", "-0.0"],
  ["\"a\\u0000\\u001f\\u007f\\u2028\\ud83d\\ude00\u00e9\\/\\\"\\\\\\b\\f\\n\\r\\t\"", "\"a\\u0000\\u001f\u007f\u2028\ud83d\ude00\u00e9/\\\"\\\\\\b\\f\\n\\r\\t\""],
  ["{\"b\":1,\"a\":2,\"a\":3,\"\u00e9\":1,\"z\":1,\"\\ud83d\\ude00\":1,\"\\uffff\":2,\"__proto__\":{},\"B\":0,\"\":[]}", "{\"\":[],\"B\":0,\"__proto__\":{},\"a\":3,\"b\":1,\"z\":1,\"\u00e9\":1,\"\uffff\":2,\"\ud83d\ude00\":1}"],
  ["[1,[2.50,{\"x\":[], \"y\":{}}],{},null,true,false]", "[1,[2.5,{\"x\":[],\"y\":{}}],{},null,true,false]"],
];

test('vector payload text is re-created exactly as serde_json prints it', () => {
  for (const [input, serde] of GOLDEN) assert.equal(toSerdeText(parseAst(input)), serde, input);
});

test('numbers serde_json refuses are refused', () => {
  for (const input of ['1e400', '-1e400', '1e2147483648', '[1.7976931348623159e308]']) {
    assert.throws(() => toSerdeText(parseAst(input)), RangeError, input);
  }
  for (const input of ['01', '1.', '.5', '+1', '-', '1e', 'NaN', '"\ud800"']) {
    assert.throws(() => toSerdeText(parseAst(input)), SyntaxError, input);
  }
});

// The forms part of tests/browser/app.mjs: comes with the forms.
export async function testForms() {}

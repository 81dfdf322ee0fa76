// The product form: set up in a later commit (it needs describe(kind)).
export function setupProductForm() {}

// The card builder: set up in a later commit (it needs describe(kind)).
export function setupCardBuilder() {}

// Types of the audience-identifier API (lib/audience.js). Filled in by the audience work.
export {};

// Runs before the app's modules: zod reads this when its schemas are built, and without it probes
// `new Function` (eval), which the server's Content-Security-Policy forbids and reports.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// Every test file runs in the Europe/Paris wall clock the product reasons in ("today").
process.env.TZ = process.env.TZ ?? 'UTC';

// The process clock is UTC, like a server's: "today" is computed in Europe/Paris by the code, not by TZ.
process.env.TZ = process.env.TZ ?? 'UTC';

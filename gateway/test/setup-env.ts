// The process clock is UTC, like a server's: "today" is computed in Europe/Paris by the code, not by TZ.
process.env.TZ = process.env.TZ ?? 'UTC';
// The AWS SDK warns once that its releases after January 2027 need Node 22; the locked version runs on Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// type-graphql's decorators read design metadata: loaded before any test file imports an entity (main.ts does the same).
import 'reflect-metadata';

// The web's types carry no Node: the few fs and path calls made here, typed by hand.
interface DirEntry {
  name: string;
  isDirectory: () => boolean;
}
const { readdirSync, readFileSync } = jest.requireActual<{
  readdirSync: (dir: string, options: { withFileTypes: true }) => DirEntry[];
  readFileSync: (path: string, encoding: 'utf8') => string;
}>('fs');
const { join, relative } = jest.requireActual<{
  join: (...parts: string[]) => string;
  relative: (from: string, to: string) => string;
}>('path');
declare const __dirname: string;

// The French texts use the straight apostrophe ("aujourd'hui"), as the product texts write them.
const SRC = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(path);
    // This file names the characters it looks for.
    return /\.tsx?$/.test(entry.name) && entry.name !== 'typography.test.ts' ? [path] : [];
  });
}

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

describe('typography of UI strings', () => {
  it('should use the straight apostrophe in code, never the curly one', () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => (line.includes('\u2019') || line.includes('\\u2019')) && !isComment(line))
        .map(({ index }) => `${relative(SRC, file)}:${index + 1}`),
    );
    expect(offenders).toEqual([]);
  });
});

import type { Readable } from 'node:stream';
import yazl from 'yazl';

/** Entry names made unique inside the archive: a second "letter.pdf" becomes "letter (2).pdf". */
function uniqueEntryNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    for (let copy = 2; seen.has(candidate.toLowerCase()); copy += 1) {
      candidate = dot > 0 ? `${name.slice(0, dot)} (${copy})${name.slice(dot)}` : `${name} (${copy})`;
    }
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * A zip of the given files as a stream: each file's bytes pass through as the archive is sent,
 * none is held whole in memory.
 */
export function zipStreamOf(files: Array<{ name: string; stream: Readable }>): Readable {
  const archive = new yazl.ZipFile();
  const names = uniqueEntryNames(files.map((file) => file.name));
  files.forEach((file, index) => archive.addReadStream(file.stream, names[index]!));
  archive.end();
  return archive.outputStream as Readable;
}

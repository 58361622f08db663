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

/** A zip of the given files, built in memory (a download holds at most 20 documents). */
export function zipOf(files: Array<{ name: string; bytes: Buffer }>): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  const names = uniqueEntryNames(files.map((file) => file.name));
  files.forEach((file, index) => archive.addBuffer(file.bytes, names[index]!));
  archive.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    archive.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    archive.outputStream.on('error', reject);
  });
}

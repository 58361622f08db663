/**
 * Reading a member import file: JSON (an array of member records) or CSV (one member a row, columns
 * named by the dotted path of the field, such as `address.town` or `benefits.tranches.1.code`). Each
 * record comes back with the row number an operator finds it by: the spreadsheet row for CSV (the
 * header is row 1), the position in the array for JSON (the first member is row 1).
 */

export interface ImportRow {
  row: number;
  record: unknown;
}

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export type ImportFormat = 'csv' | 'json';

export function formatOf(fileName: string): ImportFormat | null {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : null;
}

export function readImportFile(text: string, format: ImportFormat): ImportRow[] {
  return format === 'csv' ? rowsFromCsv(text) : rowsFromJson(text);
}

function rowsFromJson(text: string): ImportRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new ImportFileError('A JSON import file must hold an array of members');
  return parsed.map((record, index) => ({ row: index + 1, record }));
}

/** RFC 4180 CSV: fields separated by commas, quoted with "…" when they hold commas, quotes or new lines. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (quoted) {
      if (character === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
        const next = source[index + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new ImportFileError(`CSV line ${line}: a closing quote must end the field`);
        }
      } else {
        if (character === '\n') line += 1;
        field += character;
      }
    } else if (character === '"') {
      if (field !== '') throw new ImportFileError(`CSV line ${line}: a quote inside an unquoted field`);
      quoted = true;
    } else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line += 1;
    } else {
      field += character;
    }
  }
  if (quoted) throw new ImportFileError('CSV: a quoted field is not closed before the end of the file');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const fieldPath = /^[A-Za-z][A-Za-z0-9]*(\.([A-Za-z][A-Za-z0-9]*|[1-9]\d{0,2}))*$/;

/**
 * Values a CSV cell cannot say by itself, typed as JSON would have them: numbers under `benefits.` and in
 * `protectedPensionAge`; yes/no or true/false under `notifications.`. Every other cell stays text.
 */
function typedCell(path: string, cell: string): unknown {
  if ((path.startsWith('benefits.') || path === 'protectedPensionAge') && /^-?\d+(\.\d+)?$/.test(cell)) {
    return Number(cell);
  }
  if (path.startsWith('notifications.')) {
    if (/^(true|yes|y)$/i.test(cell)) return true;
    if (/^(false|no|n)$/i.test(cell)) return false;
  }
  return cell;
}

/** Puts a value at a dotted path; a number names an array position counted from 1. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node: Record<string, unknown> | unknown[] = target;
  segments.forEach((segment, position) => {
    const key: string | number = /^\d+$/.test(segment) ? Number(segment) - 1 : segment;
    const last = position === segments.length - 1;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[key] = value;
      return;
    }
    if (container[key] === undefined) container[key] = /^\d+$/.test(segments[position + 1]!) ? [] : {};
    node = container[key] as Record<string, unknown> | unknown[];
  });
}

function rowsFromCsv(text: string): ImportRow[] {
  const [header, ...body] = parseCsv(text);
  if (!header) throw new ImportFileError('The CSV file is empty: it needs a header row');
  const columns = header.map((name) => name.trim());
  columns.forEach((name, index) => {
    if (!fieldPath.test(name)) {
      throw new ImportFileError(
        `CSV header, column ${index + 1}: "${name}" is not a field name like address.town`,
      );
    }
    const clash = columns.findIndex(
      (other, otherIndex) =>
        otherIndex !== index &&
        (other === name || other.startsWith(`${name}.`) || name.startsWith(`${other}.`)),
    );
    if (clash >= 0) {
      throw new ImportFileError(
        `CSV header: columns ${index + 1} and ${clash + 1} ("${name}", "${columns[clash]}") clash`,
      );
    }
  });
  const rows: ImportRow[] = [];
  body.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    if (cells.length !== columns.length) {
      throw new ImportFileError(
        `CSV row ${row}: ${cells.length} cells where the header has ${columns.length}`,
      );
    }
    const record: Record<string, unknown> = {};
    cells.forEach((cell, column) => {
      if (cell.trim() === '') return;
      setPath(record, columns[column]!, typedCell(columns[column]!, cell));
    });
    rows.push({ row, record });
  });
  return rows;
}

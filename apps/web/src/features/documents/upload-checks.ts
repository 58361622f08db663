import {
  documentNameMaxLength,
  formatFileSize,
  hiddenCharacterProblem,
  withoutHiddenCharacters,
  uploadContexts,
  uploadFileExtensions,
  type UploadContextName,
} from '@meridian/contracts';

/** What the browser knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  size: number;
}

const pathCharacters = /[/\\:*?"<>|]/;
const hasControlCharacter = (name: string) =>
  [...name].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127);

/** The endings a context takes, for the hint and the file input's `accept`. */
export function acceptedEndings(context: UploadContextName): string[] {
  return uploadContexts[context].kinds.flatMap((kind) => uploadFileExtensions[kind]);
}

/**
 * Why the server would refuse a file before it is sent, from the same limits (the upload context in
 * the contracts); null when it may go. The server still judges the bytes.
 */
export function fileProblem(file: ChosenFile, context: UploadContextName): string | null {
  const limits = uploadContexts[context];
  const ending = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (
    pathCharacters.test(file.name) ||
    hasControlCharacter(file.name) ||
    file.name.startsWith('.') ||
    !ending
  ) {
    return `${file.name} has a name we cannot take. Rename it without the characters / \\ : * ? " < > | and with an ending such as .pdf`;
  }
  if (hiddenCharacterProblem(file.name)) {
    // Named without them: a direction override would turn the message around too.
    return `${withoutHiddenCharacters(file.name)} has hidden characters in its name. Rename it by typing the name again`;
  }
  if (file.name.length > documentNameMaxLength) {
    return `${file.name} has a name longer than ${documentNameMaxLength} characters. Rename it with a shorter name`;
  }
  if (!acceptedEndings(context).includes(ending)) {
    return `${file.name} must be a ${kindList(context)}`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  // The limit itself is accepted, as the server accepts it: "or smaller", never "smaller than".
  if (file.size > limits.maxFileBytes) {
    return `${file.name} must be ${formatFileSize(limits.maxFileBytes)} or smaller`;
  }
  return null;
}

const kindNames = { pdf: 'PDF', jpeg: 'JPG', png: 'PNG', heic: 'HEIC', word: 'Word document' } as const;

export function kindList(context: UploadContextName): string {
  const names = uploadContexts[context].kinds.map((kind) => kindNames[kind]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

/** Problems with a whole choice: too many files for the context, and each file's own problem. */
export function choiceProblems(files: ChosenFile[], context: UploadContextName, alreadyHeld = 0): string[] {
  const room = uploadContexts[context].maxFiles - alreadyHeld;
  const problems: string[] = [];
  if (files.length === 0) problems.push('Select a file to upload');
  if (files.length > room) {
    problems.push(
      room > 0
        ? `You can upload ${room} more ${room === 1 ? 'file' : 'files'}. Select fewer files`
        : 'You have uploaded as many files as you can. Delete one before uploading another',
    );
  }
  for (const file of files) {
    const problem = fileProblem(file, context);
    if (problem) problems.push(problem);
  }
  return problems;
}

const uploadRefusals: Record<string, string> = {
  file_type_not_allowed: 'is not a kind of file we can take',
  file_name_type_mismatch: 'has an ending that does not match what is in it',
  file_incomplete: 'is damaged or cut off. Save it again and choose it again',
  file_empty: 'is empty',
  file_too_large: 'is too large',
  file_name_invalid: 'has a name we cannot take',
  file_name_too_long: 'has a name that is too long',
  file_name_not_unique: 'has the same name as a document you uploaded before. Rename it and try again',
  file_count_exceeded: 'could not be added: you have uploaded as many files as you can',
  file_content_not_allowed:
    'cannot be uploaded: it also holds a web page or a program. Save or scan the document again and choose the new copy',
  uploads_per_day_exceeded:
    'could not be added: you have uploaded as many files as you can today. Try again tomorrow',
  upload_bytes_per_day_exceeded:
    'could not be added: you have uploaded as much as you can today. Try again tomorrow',
  conflict: 'was sent twice at the same moment. Check your documents before trying again',
};

/** The server's refusal of one file, in words. */
export function refusalMessage(fileName: string, code: string | undefined): string {
  const reason = code ? uploadRefusals[code] : undefined;
  return reason ? `${fileName} ${reason}` : `${fileName} could not be uploaded. Try again later`;
}

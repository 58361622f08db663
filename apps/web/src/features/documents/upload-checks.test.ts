import { describe, expect, it } from 'vitest';
import { uploadContexts } from '@meridian/contracts';
import { choiceProblems, fileProblem, refusalMessage } from './upload-checks';

const limit = uploadContexts.documents.maxFileBytes;

describe('upload checks before sending', () => {
  it('lets through the kinds the context takes, up to and including its size limit', () => {
    for (const name of [
      'letter.pdf',
      'photo.JPG',
      'scan.jpeg',
      'id.png',
      'phone.heic',
      'form.docx',
      'old.doc',
    ]) {
      expect(fileProblem({ name, size: limit }, 'documents')).toBeNull();
    }
  });

  it('refuses what the server would refuse, naming the file', () => {
    expect(fileProblem({ name: 'setup.exe', size: 10 }, 'documents')).toBe(
      'setup.exe must be a PDF, JPG, PNG, HEIC or Word document',
    );
    expect(fileProblem({ name: 'form.docx', size: 10 }, 'identity')).toBe(
      'form.docx must be a PDF, JPG, PNG or HEIC',
    );
    expect(fileProblem({ name: 'big.pdf', size: limit + 1 }, 'documents')).toBe(
      'big.pdf must be 10 MB or smaller',
    );
    expect(fileProblem({ name: 'empty.pdf', size: 0 }, 'documents')).toBe('empty.pdf is empty');
    expect(fileProblem({ name: `${'a'.repeat(117)}.pdf`, size: 1 }, 'documents')).toContain(
      'longer than 120',
    );
    for (const name of ['..\\secret.pdf', 'a/b.pdf', 'tab\there.pdf', '.hidden.pdf', 'no-ending']) {
      expect(fileProblem({ name, size: 1 }, 'documents')).toContain('has a name we cannot take');
    }
    for (const [name, shown] of [
      ['photo\u202egpj.exe.pdf', 'photogpj.exe.pdf'],
      ['pay\u200bslip.pdf', 'payslip.pdf'],
      ['pay\u2066slip\u2069.pdf', 'payslip.pdf'],
    ]) {
      expect(fileProblem({ name: name!, size: 1 }, 'documents')).toBe(
        `${shown} has hidden characters in its name. Rename it by typing the name again`,
      );
    }
  });

  it('counts the files against what the context still has room for', () => {
    expect(choiceProblems([], 'documents')).toEqual(['Select a file to upload']);
    const three = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => ({ name, size: 5 }));
    expect(choiceProblems(three, 'identity')).toEqual(['You can upload 2 more files. Select fewer files']);
    expect(choiceProblems(three.slice(0, 1), 'identity', 2)).toEqual([
      'You have uploaded as many files as you can. Delete one before uploading another',
    ]);
    expect(choiceProblems(three, 'documents')).toEqual([]);
  });

  it('puts the server’s refusal codes into words', () => {
    expect(refusalMessage('x.pdf', 'file_incomplete')).toBe(
      'x.pdf is damaged or cut off. Save it again and choose it again',
    );
    expect(refusalMessage('x.pdf', 'uploads_per_day_exceeded')).toBe(
      'x.pdf could not be added: you have uploaded as many files as you can today. Try again tomorrow',
    );
    expect(refusalMessage('x.pdf', 'something_went_wrong')).toBe(
      'x.pdf could not be uploaded. Try again later',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { strictObject } from '../src/authoring';
import { sharedQuestionFields } from '../src/journey-kinds/kind';
import { addressKind, readUkAddress, type AddressQuestion } from '../src/journey-kinds/address';
import { fileKind, fileKindsOf, type FileQuestion } from '../src/journey-kinds/file';

const context = { today: '2026-11-28' };
const address: AddressQuestion = { kind: 'address', key: 'home', label: 'Your home address' };
const submitAddress = (value: object) =>
  addressKind.read(address, { answerKey: 'provided', answerValue: JSON.stringify(value) }, context);

describe('the address kind', () => {
  it('keeps a UK address with its postcode in normal form, shown on one line', () => {
    const read = submitAddress({
      lines: ['Flat 3', '22 Quay Street', ''],
      town: 'Manchester',
      postcode: 'm3 3jz',
    });
    expect(read).toEqual({
      ok: true,
      answer: {
        questionKey: 'home',
        answerKey: 'M3 3JZ',
        answerValue: JSON.stringify({
          lines: ['Flat 3', '22 Quay Street'],
          town: 'Manchester',
          postcode: 'M3 3JZ',
        }),
      },
    });
    if (read.ok)
      expect(addressKind.display(address, read.answer)).toBe('Flat 3, 22 Quay Street, Manchester, M3 3JZ');
  });

  it('refuses a missing first line, town or a postcode that is not a UK one, against the box', () => {
    expect(submitAddress({ lines: [], town: 'Leeds', postcode: 'LS1 4AP' })).toMatchObject({
      ok: false,
      code: 'invalid_address',
      message: 'Enter the first line of the address',
    });
    const read = readUkAddress({ line1: '1 High Street', town: '', postcode: 'ABC' });
    expect(read.ok ? [] : read.problems.map((problem) => problem.field)).toEqual(['town', 'postcode']);
    expect(addressKind.read(address, { answerKey: 'x', answerValue: '[' }, context)).toMatchObject({
      ok: false,
      code: 'invalid_address',
    });
  });
});

const file = fileKind.schema(strictObject, sharedQuestionFields).parse({
  kind: 'file',
  key: 'marriage_certificate',
  label: 'Upload your marriage certificate',
  context: 'identity',
  accept: ['pdf', 'jpeg', 'word'],
}) as FileQuestion;
const id = '0b8e5a52-3f5a-4d5c-9b0e-2f6f4b8d1c3a';

describe('the file kind', () => {
  it('takes the kinds both the question and its upload context take', () => {
    expect(fileKindsOf(file)).toEqual(['pdf', 'jpeg']);
    expect(fileKind.problems!({ ...file, accept: ['word'] })).toEqual([
      'upload context identity takes none of the kinds in accept',
    ]);
  });

  it('keeps the uploaded document’s id and name, shown by its name', () => {
    const read = fileKind.read(
      file,
      { answerKey: id, answerValue: JSON.stringify({ id, name: 'certificate.PDF' }) },
      context,
    );
    expect(read).toMatchObject({ ok: true, answer: { answerKey: id } });
    if (read.ok) expect(fileKind.display(file, read.answer)).toBe('certificate.PDF');
  });

  it('refuses no file, an id that is not one and a kind the question does not take', () => {
    expect(fileKind.read(file, { answerKey: 'none' }, context)).toMatchObject({
      ok: false,
      code: 'file_required',
    });
    expect(
      fileKind.read(
        file,
        { answerKey: 'x', answerValue: JSON.stringify({ id: '1', name: 'a.pdf' }) },
        context,
      ),
    ).toMatchObject({ ok: false, code: 'file_required' });
    expect(
      fileKind.read(
        file,
        { answerKey: id, answerValue: JSON.stringify({ id, name: 'letter.docx' }) },
        context,
      ),
    ).toMatchObject({
      ok: false,
      code: 'file_type_not_allowed',
      message: 'The file must end in .pdf, .jpg, .jpeg',
    });
  });
});

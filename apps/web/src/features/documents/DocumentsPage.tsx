import './documents.css';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  documentListQuerySchema,
  documentSortProperties,
  formatFileSize,
  maxDocumentTagLength,
  maxDocumentTags,
  maxZipDocuments,
  uploadTagsBodySchema,
  type DocumentListQuery,
  type LibraryDocument,
} from '@meridian/contracts';
import { useTenant } from '../../lib/tenant';
import { DateField, readDateField } from '../../components/DateField';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { useLoad } from '../../components/useLoad';
import { TextField } from '../../components/TextField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDate } from '../../lib/format';
import { downloadAsActiveRecord } from '../../lib/save-file';
import { checkForm, errorFor } from '../../lib/form';
import { documentsApi, downloadUrl, zipUrl } from './api';

export const DOCUMENTS_PATH = '/documents';

const sortLabels: Record<(typeof documentSortProperties)[number], string> = {
  DateReceived: 'Date received',
  Name: 'Name',
  Type: 'Type',
};

/** The library query the address asks for: filters, sort and page live in the URL, so Back keeps them. */
export function queryFromParams(params: URLSearchParams) {
  const value = (key: string) => params.get(key) || undefined;
  return {
    name: value('name'),
    type: value('type'),
    receivedDateFrom: value('from'),
    receivedDateTo: value('to'),
    documentReadStatus: value('status') as DocumentListQuery['documentReadStatus'],
    propertyName: (value('sort') as DocumentListQuery['propertyName']) ?? 'DateReceived',
    ascending: value('order') === 'oldest' ? 'true' : 'false',
    pageNumber: Number(value('page') ?? 1),
  } satisfies DocumentListQuery;
}

function paramsWith(params: URLSearchParams, page: number) {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return `?${next.toString()}`;
}

/** The form's field for each query parameter, and how the field is named to the member. */
const fieldNames: Record<string, string> = {
  receivedDateFrom: 'from',
  receivedDateTo: 'to',
  documentReadStatus: 'status',
  propertyName: 'sort',
};
const fieldLabels: Record<string, string> = {
  name: 'Name contains',
  type: 'Type',
  from: 'Received from',
  to: 'Received to',
  status: 'Read or new',
  sort: 'Sort by',
};

/** Reads the filter form into URL parameters, checked with the library's query schema. */
function readFilters(
  form: FormData,
): { ok: true; params: URLSearchParams } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const dates: Record<string, string | undefined> = {};
  for (const [id, label] of [
    ['from', 'Received from'],
    ['to', 'Received to'],
  ] as const) {
    const boxes = ['day', 'month', 'year'].map((part) => String(form.get(`${id}-${part}`) ?? '').trim());
    if (boxes.every((box) => box === '')) continue;
    const date = readDateField(form, id);
    if (date) dates[id] = date;
    else errors.push({ field: id, message: `${label} must be a real date, such as 27 3 2024` });
  }
  if (dates.from && dates.to && dates.from > dates.to) {
    errors.push({ field: 'to', message: 'Received to must be the same as or after received from' });
  }
  const text = (key: string) => String(form.get(key) ?? '').trim() || undefined;
  const checked = checkForm(documentListQuerySchema, {
    name: text('name'),
    type: text('type'),
    receivedDateFrom: dates.from,
    receivedDateTo: dates.to,
    documentReadStatus: text('status'),
    propertyName: text('sort'),
  });
  if (!checked.ok) {
    for (const error of checked.errors) {
      const field = fieldNames[error.field] ?? error.field;
      errors.push({ field, message: `${fieldLabels[field] ?? 'This filter'} must be ${error.message}` });
    }
  }
  if (errors.length) return { ok: false, errors };
  const params = new URLSearchParams();
  const entries = {
    name: text('name'),
    type: text('type'),
    from: dates.from,
    to: dates.to,
    status: text('status'),
    sort: text('sort'),
    order: text('order'),
  };
  for (const [key, value] of Object.entries(entries)) if (value) params.set(key, value);
  return { ok: true, params };
}

/** Reads the tags box (tags separated by commas) with the server's schema for `PUT documents/{id}/tags`. */
export function readTags(text: string): { ok: true; tags: string[] } | { ok: false; message: string } {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const checked = uploadTagsBodySchema.safeParse({ tags });
  if (checked.success) return { ok: true, tags: checked.data.tags };
  const issue = checked.error.issues[0]!;
  if (issue.path.length === 1)
    return { ok: false, message: `Enter ${maxDocumentTags} tags or fewer, separated by commas` };
  const number = Number(issue.path[1]) + 1;
  return {
    ok: false,
    message:
      issue.code === 'too_big'
        ? `Tag ${number} must be ${maxDocumentTagLength} characters or fewer`
        : `Tag ${number} ${issue.message}`,
  };
}

function Select({
  id,
  label,
  options,
  defaultValue,
}: {
  id: string;
  label: string;
  options: Array<[string, string]>;
  defaultValue?: string;
}) {
  return (
    <div className="form-group">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} defaultValue={defaultValue ?? ''}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The member's document library: find, sort, download one or several, delete their own uploads. */
export function DocumentsPage() {
  const { routes } = useTenant();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<LibraryDocument | null>(null);
  const [tagging, setTagging] = useState<LibraryDocument | null>(null);
  const [tagErrors, setTagErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string>(
    (location.state as { message?: string } | null)?.message ?? '',
  );
  // Documents downloaded on this page, shown as read without reading the list again.
  const [downloaded, setDownloaded] = useState<string[]>([]);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const tagsHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(`${errors.length || tagErrors.length ? 'Error: ' : ''}Your documents`);
  const query = queryFromParams(params);
  const queryKey = params.toString();
  const list = useLoad((signal) => documentsApi.list(query, signal), { key: queryKey, keepPrevious: true });
  const typeNames = useLoad(async () => (await documentsApi.types()).types);
  const types = typeNames.data ?? [];
  const page = list.data && {
    ...list.data,
    items: list.data.items.map((item) => (downloaded.includes(item.id) ? { ...item, isRead: true } : item)),
  };
  const readAgain = () => {
    void list.reload();
    void typeNames.reload();
  };

  useEffect(() => {
    if (deleting) confirmHeading.current?.focus();
  }, [deleting]);

  useEffect(() => {
    if (tagging) tagsHeading.current?.focus();
  }, [tagging]);

  function editTags(document: LibraryDocument | null) {
    setTagErrors([]);
    setTagging(document);
  }

  async function saveTags(event: FormEvent<HTMLFormElement>, document: LibraryDocument) {
    event.preventDefault();
    const read = readTags(String(new FormData(event.currentTarget).get('tags') ?? ''));
    if (!read.ok) return setTagErrors([{ field: 'tags', message: read.message }]);
    try {
      await documentsApi.setTags(document.id, read.tags);
    } catch {
      return setTagErrors([{ field: 'tags', message: 'The tags could not be saved. Try again later' }]);
    }
    editTags(null);
    setMessage(
      read.tags.length > 0
        ? `The tags of ${document.name} have been saved`
        : `The tags of ${document.name} have been removed`,
    );
    readAgain();
  }

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readFilters(new FormData(event.currentTarget));
    if (!read.ok) return setErrors(read.errors);
    setErrors([]);
    setSelected([]);
    setParams(read.params);
  }

  const markRead = (ids: string[]) => setDownloaded((earlier) => [...earlier, ...ids]);

  /** Downloads as the record the member is acting as (a plain link would use the signed-in record). */
  function download(event: MouseEvent<HTMLAnchorElement>, ids: string[], fileName: string) {
    event.preventDefault();
    const path = event.currentTarget.getAttribute('href')!;
    downloadAsActiveRecord(path, fileName).then(
      () => markRead(ids),
      () => setMessage(`${fileName} could not be downloaded. Try again later`),
    );
  }

  async function confirmDelete(document: LibraryDocument) {
    try {
      await documentsApi.remove(document.id);
      setMessage(`${document.name} has been deleted`);
      setSelected((ids) => ids.filter((id) => id !== document.id));
      readAgain();
    } catch {
      setMessage(`${document.name} could not be deleted. Try again later`);
    }
    setDeleting(null);
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));
  const filtered = ['name', 'type', 'from', 'to', 'status'].some((key) => params.get(key));

  return (
    <>
      <p>
        <Link to={routes.landing}>Back to your pension</Link>
      </p>
      <ErrorSummary errors={errors} />
      <h1>Your documents</h1>
      <p>Letters, quotes and applications from us, and the documents you have sent us.</p>
      <p>
        <Link to={`${DOCUMENTS_PATH}/upload`} className="button">
          Upload documents
        </Link>
      </p>
      <p role="status">{message}</p>

      <form
        noValidate
        onSubmit={applyFilters}
        className="documents-filters"
        aria-labelledby="filters-title"
        key={queryKey}
      >
        <h2 id="filters-title">Find documents</h2>
        <div className="documents-filters__row">
          <TextField
            id="name"
            label="Name contains"
            defaultValue={params.get('name') ?? ''}
            error={errorFor(errors, 'name')}
          />
          <Select
            id="type"
            label="Type"
            defaultValue={params.get('type') ?? ''}
            options={[['', 'All types'], ...types.map((type): [string, string] => [type, type])]}
          />
          <Select
            id="status"
            label="Read or new"
            defaultValue={params.get('status') ?? ''}
            options={[
              ['', 'All documents'],
              ['Unread', 'New (not opened yet)'],
              ['Read', 'Opened'],
            ]}
          />
        </div>
        <div className="documents-filters__row">
          <DateField
            id="from"
            legend="Received from"
            hint="For example, 27 3 2024"
            defaultValue={params.get('from') ?? undefined}
            error={errorFor(errors, 'from')}
          />
          <DateField
            id="to"
            legend="Received to"
            hint="For example, 31 3 2024"
            defaultValue={params.get('to') ?? undefined}
            error={errorFor(errors, 'to')}
          />
        </div>
        <div className="documents-filters__row">
          <Select
            id="sort"
            label="Sort by"
            defaultValue={query.propertyName}
            options={documentSortProperties.map((key): [string, string] => [key, sortLabels[key]])}
          />
          <Select
            id="order"
            label="Order"
            defaultValue={params.get('order') ?? 'newest'}
            options={[
              ['newest', 'Newest or Z first'],
              ['oldest', 'Oldest or A first'],
            ]}
          />
        </div>
        <div className="button-group form-group">
          <button type="submit" className="button">
            Show documents
          </button>
          {filtered && <Link to={DOCUMENTS_PATH}>Clear filters</Link>}
        </div>
      </form>

      {deleting && (
        <div className="confirm-panel" role="region" aria-labelledby="confirm-delete-title">
          <h2 id="confirm-delete-title" tabIndex={-1} ref={confirmHeading}>
            Delete {deleting.name}?
          </h2>
          <p>You cannot get it back once it is deleted.</p>
          <div className="button-group">
            <button
              type="button"
              className="button button--warning"
              onClick={() => void confirmDelete(deleting)}
            >
              Yes, delete it
            </button>
            <button type="button" className="link-button" onClick={() => setDeleting(null)}>
              No, keep it
            </button>
          </div>
        </div>
      )}

      {tagging && (
        <form
          noValidate
          className="tags-panel"
          aria-labelledby="tags-title"
          onSubmit={(event) => void saveTags(event, tagging)}
        >
          <ErrorSummary errors={tagErrors} />
          <h2 id="tags-title" tabIndex={-1} ref={tagsHeading}>
            Tags for {tagging.name}
          </h2>
          <TextField
            id="tags"
            label="Tags"
            hint={`Words that help you find it, separated by commas. Up to ${maxDocumentTags} tags of up to ${maxDocumentTagLength} characters each; leave it empty to remove them.`}
            defaultValue={tagging.tags.join(', ')}
            error={errorFor(tagErrors, 'tags')}
          />
          <div className="button-group">
            <button type="submit" className="button">
              Save tags
            </button>
            <button type="button" className="link-button" onClick={() => editTags(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      <LoadFailed what="show your documents" load={{ failure: list.failure, reload: readAgain }} />
      {!page && !list.failure && <p className="page-loading">Loading your documents</p>}
      {page && page.items.length === 0 && (
        <p>
          {filtered ? 'No documents match. Change the filters or clear them.' : 'You have no documents yet.'}
        </p>
      )}
      {page && page.items.length > 0 && (
        <>
          <table className="documents-table">
            <caption>
              {page.totalItems} {page.totalItems === 1 ? 'document' : 'documents'}
              {page.totalPages > 1 ? `, page ${page.pageNumber} of ${page.totalPages}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Select</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Received</th>
                <th scope="col" className="numeric">
                  Size
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.id} className={item.isRead ? undefined : 'document-unread'}>
                  <td>
                    <input
                      type="checkbox"
                      id={`select-${item.id}`}
                      aria-label={`Select ${item.name}`}
                      checked={selected.includes(item.id)}
                      onChange={(event) => toggle(item.id, event.target.checked)}
                    />
                  </td>
                  <td>
                    <a
                      href={downloadUrl(item.id)}
                      download={item.name}
                      onClick={(event) => download(event, [item.id], item.name)}
                    >
                      {item.name}
                    </a>
                    {!item.isRead && <strong className="task-tag task-tag--not-started"> New</strong>}
                    {item.tags.length > 0 && (
                      <ul className="document-tags" aria-label={`Tags of ${item.name}`}>
                        {item.tags.map((tag) => (
                          <li key={tag}>{tag}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{item.type}</td>
                  <td>{formatDate(item.dateReceived)}</td>
                  <td className="numeric">{formatFileSize(item.sizeBytes)}</td>
                  <td>
                    {item.kind === 'upload' && (
                      <button type="button" className="link-button" onClick={() => editTags(item)}>
                        Change tags<span className="visually-hidden"> of {item.name}</span>
                      </button>
                    )}
                    {item.canDelete && (
                      <button type="button" className="link-button" onClick={() => setDeleting(item)}>
                        Delete<span className="visually-hidden"> {item.name}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="button-group form-group">
            {selected.length > maxZipDocuments ? (
              <p className="error-message">Select up to {maxZipDocuments} documents to download together</p>
            ) : selected.length > 0 ? (
              <a
                className="button button--secondary"
                href={zipUrl(selected)}
                download="documents.zip"
                onClick={(event) => download(event, selected, 'documents.zip')}
              >
                Download {selected.length} selected as a zip file
              </a>
            ) : (
              <p className="hint">Select documents to download several together as a zip file.</p>
            )}
          </div>
          {page.totalPages > 1 && (
            <nav aria-label="Pages of documents">
              <ul className="pagination">
                {page.pageNumber > 1 && (
                  <li>
                    <Link to={paramsWith(params, page.pageNumber - 1)}>Previous page</Link>
                  </li>
                )}
                <li>
                  Page {page.pageNumber} of {page.totalPages}
                </li>
                {page.pageNumber < page.totalPages && (
                  <li>
                    <Link to={paramsWith(params, page.pageNumber + 1)}>Next page</Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </>
  );
}

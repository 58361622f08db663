import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { staffStatusText, workingStatuses, type CaseDetail, type CaseStatus } from '@meridian/contracts';
import { ErrorSummary, type FieldError } from '../../components/ErrorSummary';
import { LoadFailed } from '../../components/LoadFailed';
import { TextField } from '../../components/TextField';
import { useLoad } from '../../components/useLoad';
import { formatDate, formatFileSize } from '../../lib/format';
import { consoleApi, fileUrl, summaryPdfUrl } from './console-api';
import { useStaff } from './staff-context';
import { problemText, SelectField, TextArea, useConsoleTitle } from './fields';
import { MemberLink } from './member-link';

const documentStatus = { outstanding: 'Waiting for the member', received: 'Received', complete: 'Checked' };
const eventText: Record<CaseDetail['timeline'][number]['kind'], string> = {
  opened: 'Sent',
  submitted_document: 'Document sent',
  assigned: 'Assigned',
  status: 'Status changed',
  note: 'Note',
  completed: 'Completed',
  rejected: 'Rejected',
  document_received: 'Document marked received',
  document_requested: 'Document asked for',
  document_uploaded: 'Document sent from My requests',
};
/** A status as staff read it; a status the machine does not know is shown as it is. */
const statusText = (status: string) => staffStatusText[status as CaseStatus] ?? status;
const at = (iso: string) => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

type Action =
  'assign' | 'status' | 'notes' | 'complete' | 'reject' | 'documents/received' | 'documents/request';

/** A case: the member, their answers and documents, its timeline, and what staff can do with it. */
export function CasePage() {
  const { caseNumber = '' } = useParams();
  const staff = useStaff();
  useConsoleTitle(`Case ${caseNumber}`);
  const read = useLoad(() => consoleApi.case(caseNumber), { key: caseNumber, keepPrevious: true });
  const people = useLoad(() => consoleApi.staff());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = read.data;
  const canWork = ['caseworker', 'team_leader', 'administrator'].includes(staff.role);
  const canAssignOthers = ['team_leader', 'administrator'].includes(staff.role);
  const statusMoves = workingStatuses.filter((status) => detail?.case.allowedMoves.includes(status));

  const submit =
    (action: Action, fields: string[], body: (values: Record<string, string>) => unknown, message: string) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const data = new FormData(form);
      const values = Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? '').trim()]));
      const missing = fields
        .filter((field) => !values[field])
        .map((field) => ({ field, message: requiredText[field] ?? 'Fill this in' }));
      setDone(null);
      setErrors(missing);
      if (missing.length > 0) return;
      setBusy(true);
      try {
        await consoleApi.act(caseNumber, action, body(values));
        form.reset();
        setDone(message);
        await read.reload();
      } catch (error) {
        // A refusal of a form without fields links to its button, or for a document, to the documents.
        const anchor = action === 'documents/received' ? 'documents' : `${action}-button`;
        setErrors([{ field: fields[0] ?? anchor, message: problemText(error) }]);
      } finally {
        setBusy(false);
      }
    };
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;

  return (
    <>
      <p>
        <Link to="/admin">Back to the case queue</Link>
      </p>
      <ErrorSummary errors={errors} />
      {done && (
        <div className="notice" role="status">
          {done}
        </div>
      )}
      <LoadFailed what="show this case" load={read} />
      {!detail && !read.failure && <p>Loading...</p>}
      {detail && (
        <>
          <h1>
            {detail.case.title} <span className="request__reference">({detail.case.caseNumber})</span>
          </h1>
          <dl className="summary-list">
            <Row term="Status">
              {statusText(detail.case.status)}
              {detail.case.overdue && (
                <>
                  {' '}
                  <strong className="console-tag console-tag--overdue">Overdue</strong>
                </>
              )}
            </Row>
            <Row term="Sent">
              {at(detail.case.openedAt)} by {detail.case.sentBy}
            </Row>
            <Row term="Deadline">
              {formatDate(detail.case.deadline)} ({detail.case.deadlineRule})
            </Row>
            {detail.transferPayment && (
              <Row term="Transfer to be paid by">
                {formatDate(detail.transferPayment.payBy)}:{' '}
                {detail.transferPayment.daysLeft === 1
                  ? '1 day left'
                  : `${detail.transferPayment.daysLeft} days left`}{' '}
                of the 6 months from the guarantee date, as at today
              </Row>
            )}
            <Row term="Assigned to">{detail.case.assignee?.name ?? 'Nobody yet'}</Row>
            <Row term="Last note to the member">{detail.case.memberNote ?? 'None'}</Row>
          </dl>

          <h2>Member</h2>
          {detail.member ? (
            <dl className="summary-list">
              <Row term="Name">{detail.member.name}</Row>
              <Row term="Reference">
                <MemberLink
                  businessGroup={detail.case.businessGroup}
                  referenceNumber={detail.case.referenceNumber!}
                >
                  {detail.case.businessGroup} {detail.case.referenceNumber}
                </MemberLink>{' '}
                (their record and requests)
              </Row>
              <Row term="Date of birth">{formatDate(detail.member.dateOfBirth)}</Row>
              <Row term="National Insurance number">{detail.member.insuranceNumber ?? 'Not held'}</Row>
              <Row term="Membership">
                {detail.member.status}, scheme {detail.member.schemeCode}
              </Row>
              <Row term="Email">{detail.member.email ?? 'Not held'}</Row>
            </dl>
          ) : detail.case.referenceNumber === null ? (
            <p>Sent by {detail.case.sentBy}, not yet matched to a member record.</p>
          ) : (
            <p>No member record for {detail.case.referenceNumber}.</p>
          )}

          <h2>Answers</h2>
          {detail.answers.length === 0 ? (
            <p>This case has no answers of its own (it was a request, not a form).</p>
          ) : (
            <dl className="summary-list">
              {detail.answers.map((answer, index) => (
                <Row key={`${answer.question}-${index}`} term={answer.question}>
                  {answer.answer}
                </Row>
              ))}
            </dl>
          )}

          <h2 id="documents" tabIndex={-1}>
            Documents
          </h2>
          {detail.documents.length > 0 && (
            <table className="console-table">
              <caption className="visually-hidden">Documents the case needs</caption>
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Status</th>
                  {canWork && !detail.case.closed && (
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {detail.documents.map((document) => (
                  <tr key={document.name}>
                    <td>{document.name}</td>
                    <td>
                      {documentStatus[document.status]}
                      {document.byUpload && ' (uploaded by the member)'}
                    </td>
                    {canWork && !detail.case.closed && (
                      <td>
                        {document.status === 'outstanding' && (
                          <form
                            noValidate
                            onSubmit={submit(
                              'documents/received',
                              [],
                              () => ({ document: document.name }),
                              `${document.name} is marked received.`,
                            )}
                          >
                            <button type="submit" className="link-button" disabled={busy}>
                              Mark received<span className="visually-hidden"> ({document.name})</span>
                            </button>
                          </form>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <ul>
            {detail.hasSummaryPdf && (
              <li>
                <a href={summaryPdfUrl(caseNumber)} target="_blank" rel="noreferrer">
                  View the application as sent (PDF, opens in a new tab)
                </a>
              </li>
            )}
            {detail.files.map((file) => (
              <li key={file.id}>
                <a href={fileUrl(caseNumber, file.id)} target="_blank" rel="noreferrer">
                  View {file.name} ({file.type}, opens in a new tab)
                </a>
                , {formatFileSize(file.sizeBytes)}, uploaded {at(file.receivedAt)}
              </li>
            ))}
          </ul>

          <h2>Timeline</h2>
          <ol className="console-timeline">
            {detail.timeline.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <strong>{eventText[event.kind]}</strong> by {event.by}, {at(event.at)}
                {event.status &&
                  ['status', 'document_requested', 'document_received', 'document_uploaded'].includes(
                    event.kind,
                  ) && <div>New status: {statusText(event.status)}</div>}
                {event.note && <div>{event.note}</div>}
                {event.memberNote && <div>To the member: {event.memberNote}</div>}
              </li>
            ))}
          </ol>

          {canWork && (
            <>
              <h2>Work this case</h2>
              {!detail.case.closed && (
                <>
                  <h3>Assign</h3>
                  <form
                    noValidate
                    onSubmit={submit('assign', [], () => ({ to: 'me' }), 'The case is assigned to you.')}
                  >
                    <button type="submit" className="button" id="assign-button" disabled={busy}>
                      Assign to me
                    </button>
                  </form>
                  {canAssignOthers && (
                    <form
                      noValidate
                      onSubmit={submit(
                        'assign',
                        ['assignTo'],
                        (values) => ({ to: values.assignTo }),
                        'The case is assigned.',
                      )}
                    >
                      <SelectField
                        id="assignTo"
                        label="Assign to someone else"
                        options={[
                          ['', 'Choose a person'],
                          ...(people.data?.staff.map((person) => [person.id, person.name] as const) ?? []),
                        ]}
                      />
                      <button type="submit" className="button button--secondary" disabled={busy}>
                        Assign
                      </button>
                    </form>
                  )}

                  {statusMoves.length > 0 && (
                    <>
                      <h3>Change the status</h3>
                      <form
                        noValidate
                        onSubmit={submit(
                          'status',
                          ['status', 'memberNote'],
                          (values) => ({ status: values.status, memberNote: values.memberNote }),
                          'The status is changed. The member sees it and your note in My requests.',
                        )}
                      >
                        <SelectField
                          id="status"
                          label="New status"
                          hint={`From ${statusText(detail.case.status)} the case can move to these`}
                          error={errorFor('status')}
                          options={[
                            ['', 'Choose a status'],
                            ...statusMoves.map((status) => [status, statusText(status)] as const),
                          ]}
                        />
                        <TextArea
                          id="memberNote"
                          label="Note to the member"
                          hint="The member reads this in My requests"
                          error={errorFor('memberNote')}
                        />
                        <button type="submit" className="button" disabled={busy}>
                          Change status
                        </button>
                      </form>
                    </>
                  )}

                  <h3>Ask the member for another document</h3>
                  <form
                    noValidate
                    onSubmit={submit(
                      'documents/request',
                      ['document', 'documentNote'],
                      (values) => ({ document: values.document, memberNote: values.documentNote }),
                      'The document is asked for. The member sees it and your message in My requests.',
                    )}
                  >
                    <TextField
                      id="document"
                      label="Document"
                      hint="For example: Marriage certificate"
                      error={errorFor('document')}
                    />
                    <TextArea
                      id="documentNote"
                      label="Message to the member"
                      hint="Say what to send and how: they read this in My requests, where they can upload it if the request takes uploads"
                      error={errorFor('documentNote')}
                    />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      Ask for the document
                    </button>
                  </form>
                </>
              )}

              <h3>Add a note for staff</h3>
              <form
                noValidate
                onSubmit={submit(
                  'notes',
                  ['note'],
                  (values) => ({ note: values.note }),
                  'Your note is added.',
                )}
              >
                <TextArea id="note" label="Note" hint="Only staff see this" error={errorFor('note')} />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Add note
                </button>
              </form>

              {detail.case.allowedMoves.includes('Completed') && (
                <>
                  <h3>Complete</h3>
                  <form
                    noValidate
                    onSubmit={submit(
                      'complete',
                      ['completeNote'],
                      (values) => ({ memberNote: values.completeNote }),
                      'The case is completed.',
                    )}
                  >
                    <TextArea
                      id="completeNote"
                      label="What you tell the member"
                      hint="The member reads this in My requests"
                      error={errorFor('completeNote')}
                    />
                    <button type="submit" className="button" disabled={busy}>
                      Complete case
                    </button>
                  </form>
                </>
              )}
              {detail.case.allowedMoves.includes('Rejected') && (
                <>
                  <h3>Reject</h3>
                  <form
                    noValidate
                    onSubmit={submit(
                      'reject',
                      ['reason'],
                      (values) => ({ reason: values.reason }),
                      'The case is rejected.',
                    )}
                  >
                    <TextArea
                      id="reason"
                      label="Reason"
                      hint="The member reads this in My requests"
                      error={errorFor('reason')}
                    />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      Reject case
                    </button>
                  </form>
                </>
              )}
            </>
          )}
        </>
      )}
    </>
  );
}

const requiredText: Record<string, string> = {
  assignTo: 'Choose who to assign the case to',
  status: 'Choose the new status',
  document: 'Enter the document you need',
  documentNote: 'Enter a message to the member',
  memberNote: 'Enter a note to the member',
  note: 'Enter your note',
  completeNote: 'Enter what you tell the member',
  reason: 'Enter the reason',
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="summary-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

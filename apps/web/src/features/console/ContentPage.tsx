import type { ContentTenant } from '@meridian/contracts';
import { useLoad } from '../../components/useLoad';
import { contentApi } from './content-api';
import { when } from './OutboxPage';
import { ConsoleTable, ListState, PageFor, SummaryRow, type Column } from './console-list';
import { useStaffAction } from './staff-action';

type Page = ContentTenant['pages'][number];
type Journey = ContentTenant['journeys'][number];

/** A page's address on its tenant's member site, reached the way this console was (its scheme and port). */
const memberSiteUrl = (tenantUrl: string, slug: string) =>
  `${window.location.protocol}//${tenantUrl}${window.location.port ? `:${window.location.port}` : ''}${slug}`;

/**
 * The content of the editor's schemes (every scheme for staff of every scheme): when it was last loaded,
 * whether the files would load now, its journeys and its pages, each linked on the member site; and
 * Load content from files now, which loads one scheme's files (all of them or none) as the content sync does.
 */
export function ContentPage() {
  return (
    <PageFor
      right="editContent"
      title="Content"
      refusal="Only content editors and administrators can see the content."
    >
      <ContentOverview />
    </PageFor>
  );
}

const journeyColumns: ReadonlyArray<Column<Journey>> = [
  { heading: 'Journey', cell: (journey) => journey.title },
  { heading: 'Type', cell: (journey) => <code>{journey.type}</code> },
  { heading: 'Pages', cell: (journey) => journey.pageCount },
];

function ContentOverview() {
  const read = useLoad(() => contentApi.overview());
  const { busy, run, feedback } = useStaffAction(read.reload);

  const load = (tenant: ContentTenant) =>
    run(`load-${tenant.tenantUrl}`, async () => {
      const loaded = await contentApi.load(tenant.tenantUrl);
      return loaded.changed
        ? `${tenant.name}’s content is loaded from the files: version ${loaded.version}, ${loaded.pages} pages.`
        : `${tenant.name}’s files have not changed since they were last loaded: version ${loaded.version} keeps serving.`;
    });

  const tenants = read.data?.tenants;
  return (
    <>
      {feedback}
      <h1>Content</h1>
      <p>
        What members read, as loaded from the content files. Loading takes all of a scheme’s files or none: a
        file with a problem stops the load, and the content before keeps serving.
      </p>
      <ListState load={read} what="show the content" rows={tenants} empty="There are no schemes yet." />
      {tenants?.map((tenant) => {
        const pageColumns: ReadonlyArray<Column<Page>> = [
          { heading: 'Title', cell: (page) => page.title },
          {
            heading: 'Address',
            cell: (page) => (
              <a href={memberSiteUrl(tenant.tenantUrl, page.slug)}>
                {page.slug}
                <span className="visually-hidden"> on the member site</span>
              </a>
            ),
          },
          { heading: 'Journey', cell: (page) => page.journeyType ?? 'None' },
          { heading: 'Visitors can read it', cell: (page) => (page.isPublic ? 'Yes' : 'No, members only') },
        ];
        return (
          <section key={tenant.tenantUrl} aria-labelledby={`content-${tenant.tenantUrl}`}>
            <h2 id={`content-${tenant.tenantUrl}`}>
              {tenant.name} ({tenant.tenantUrl})
            </h2>
            <dl className="summary-list">
              <SummaryRow term="Last loaded">
                {tenant.loaded ? `${when(tenant.loaded.at)} (version ${tenant.loaded.version})` : 'Never'}
              </SummaryRow>
              <SummaryRow term="The files now">
                {tenant.problem ? (
                  <>
                    <strong>Do not load: </strong>
                    <code>{tenant.problem}</code>
                  </>
                ) : (
                  'Valid: they would load'
                )}
              </SummaryRow>
            </dl>
            <button
              type="button"
              id={`load-${tenant.tenantUrl}`}
              className="button"
              disabled={busy}
              onClick={() => void load(tenant)}
            >
              Load content from files now
              <span className="visually-hidden"> for {tenant.name}</span>
            </button>
            <h3>Journeys</h3>
            {tenant.journeys.length === 0 ? (
              <p>No journeys.</p>
            ) : (
              <ConsoleTable
                caption={`${tenant.name}’s journeys`}
                columns={journeyColumns}
                rows={tenant.journeys}
                rowKey={(journey) => journey.type}
              />
            )}
            <h3>Pages</h3>
            <ConsoleTable
              caption={`${tenant.name}’s pages, by address`}
              columns={pageColumns}
              rows={tenant.pages}
              rowKey={(page) => page.key}
            />
          </section>
        );
      })}
    </>
  );
}

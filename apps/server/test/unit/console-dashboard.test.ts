import { describe, expect, it } from 'vitest';
import { ageBandOf, dashboardOf, type DashboardCase } from '../../src/areas/operations/dashboard';

const now = new Date('2026-11-25T12:00:00Z'); // a Wednesday
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

describe('the console dashboard', () => {
  it('bands ages at 7, 30 and 90 days', () => {
    expect([0, 7, 8, 30, 31, 90, 91].map(ageBandOf)).toEqual([0, 0, 1, 1, 2, 2, 3]);
  });

  it('counts open cases by type and age band, with what is past its deadline', () => {
    const cases: DashboardCase[] = [
      {
        caseType: 'RTP9',
        openedAt: day('2026-11-24'),
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: null,
      },
      {
        caseType: 'RTP9',
        openedAt: day('2026-10-01'),
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: null,
      },
      {
        caseType: 'RTQ9',
        openedAt: day('2026-06-01'),
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: null,
      },
      {
        caseType: 'RTQ9',
        openedAt: day('2026-11-02'),
        closedAt: day('2026-11-20'),
        guaranteeDate: null,
        firstActionAt: day('2026-11-03'),
      },
    ];
    const dashboard = dashboardOf(cases, now);
    expect(dashboard.openByType).toEqual([
      { caseType: 'RTP9', bands: [1, 0, 1, 0], total: 2, overdue: 1 },
      { caseType: 'RTQ9', bands: [0, 0, 0, 1], total: 1, overdue: 1 },
    ]);
    expect(dashboard.totals).toEqual({ bands: [1, 0, 1, 1], open: 3, overdue: 2 });
  });

  it('gives 8 weeks from Monday, oldest first, with the median hours to the first staff action', () => {
    const monday = day('2026-11-23');
    const cases: DashboardCase[] = [
      {
        caseType: 'A',
        openedAt: monday,
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: hoursAfter(monday, 2),
      },
      {
        caseType: 'A',
        openedAt: monday,
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: hoursAfter(monday, 5),
      },
      {
        caseType: 'A',
        openedAt: monday,
        closedAt: null,
        guaranteeDate: null,
        firstActionAt: hoursAfter(monday, 30),
      },
      { caseType: 'A', openedAt: monday, closedAt: null, guaranteeDate: null, firstActionAt: null },
      {
        caseType: 'A',
        openedAt: day('2026-11-18'),
        closedAt: day('2026-11-24'),
        guaranteeDate: null,
        firstActionAt: hoursAfter(day('2026-11-18'), 1),
      },
    ];
    const { weeks } = dashboardOf(cases, now);
    expect(weeks).toHaveLength(8);
    expect(weeks[0]!.weekStarting).toBe('2026-10-05');
    expect(weeks[7]).toEqual({
      weekStarting: '2026-11-23',
      opened: 4,
      closed: 1,
      actedOn: 3,
      medianHoursToFirstAction: 5,
    });
    expect(weeks[6]).toMatchObject({
      weekStarting: '2026-11-16',
      opened: 1,
      closed: 0,
      medianHoursToFirstAction: 1,
    });
    expect(weeks[5]).toMatchObject({ opened: 0, medianHoursToFirstAction: null });
  });
});

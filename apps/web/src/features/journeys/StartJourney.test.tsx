import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, quietConsole, stubFetch } from '../../testing/render';
import type { StartCheck } from './audiences';
import { walkAsVisitor, type JourneyDefinitionView } from './journey-api';
import { StartJourney } from './StartJourney';

const definition: JourneyDefinitionView = {
  type: 'gate-test',
  title: 'A journey with a gate',
  audience: 'visitor',
  firstPage: 'gt_first',
  summaryPage: 'gt_check',
  confirmationPage: 'gt_done',
  entryPage: null,
  startsFrom: null,
  stages: [],
  quoteRequest: null,
  copy: {
    noun: 'request',
    submitButton: 'Send',
    confirmationHeading: null,
    pdfTitle: null,
    documentsLater: null,
  },
  pages: [],
};

/** An audience's check: a button that solves it with a payload numbered by the widget drawn (1, 2...). */
function gate() {
  let drawn = 0;
  const startCheck: StartCheck = {
    field: 'gate',
    missing: 'Open the gate, then start',
    Component: function Gate({ onSolved, error }) {
      const [round] = useState(() => ++drawn);
      return (
        <div id="gate">
          {error && <p>{error}</p>}
          <button type="button" onClick={() => onSolved(`payload-${round}`)}>
            Open the gate
          </button>
        </div>
      );
    },
  };
  return { startCheck, drawn: () => drawn };
}

function renderStart(startCheck: StartCheck) {
  const onStarted = vi.fn();
  render(
    <MemoryRouter>
      <StartJourney
        definition={definition}
        startCheck={startCheck}
        pageKey="gt_first"
        blocks={[]}
        onStarted={onStarted}
        fallbackHref="/"
      />
    </MemoryRouter>,
  );
  return onStarted;
}

describe('Start now with the audience’s check', () => {
  it('asks for the check first, in its words, and sends what it solved with the start', async () => {
    walkAsVisitor(definition.type);
    const fetchMock = stubFetch(() => jsonResponse(200, { expiresAt: '2026-11-29T12:00:00Z' }));
    const onStarted = renderStart(gate().startCheck);
    fireEvent.click(screen.getByRole('button', { name: 'Start now' }));
    expect(screen.getAllByText('Open the gate, then start').length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open the gate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/visitor/journeys/gate-test/start');
    expect(JSON.parse(String(init.body))).toEqual({ captcha: 'payload-1' });
  });

  it('draws a new check after a refused start, with the refusal at the check', async () => {
    quietConsole();
    walkAsVisitor(definition.type);
    stubFetch(() =>
      jsonResponse(400, { errors: [{ code: 'captcha_invalid', message: 'Try the check again' }] }),
    );
    const { startCheck, drawn } = gate();
    const onStarted = renderStart(startCheck);
    fireEvent.click(screen.getByRole('button', { name: 'Open the gate' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start now' })));
    await waitFor(() => expect(drawn()).toBe(2));
    expect(screen.getByRole('link', { name: /./ }).getAttribute('href')).toBe('#gate');
    expect(onStarted).not.toHaveBeenCalled();
    // The solved check is gone with the refused start: Start asks for the new one.
    fireEvent.click(screen.getByRole('button', { name: 'Start now' }));
    expect(screen.getAllByText('Open the gate, then start').length).toBeGreaterThan(0);
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../../src/protocol/messages.ts';
import { AppError } from '../../src/shared/errors.ts';

/*
 * Dismiss on the service's notice (src/viewer/ServiceNotice.tsx) says which notice the person saw,
 * so the worker dismisses that one only; one the service put in its place since the page read the
 * root is never dismissed unseen: the page says so and reads the root again, which shows it
 * (issue #44, point 6).
 */

let answer: () => Promise<unknown> = () => Promise.resolve({ data: null });
const asked: Request[] = [];
vi.mock('../../src/ui/worker-client.ts', () => ({
  ask: (request: Request) => {
    asked.push(request);
    return answer();
  },
}));

const { ServiceNotice } = await import('../../src/viewer/ServiceNotice.tsx');

const BASE = 'https://www.digipost.no';
const ROOT = `${BASE}/post/api`;
const DISMISS = `${BASE}/post/api/notice/dismiss`;
const notice = {
  code: 'TERMS_UPDATED',
  messageHeader: 'Nye vilkår',
  messageText: 'Vi har oppdatert vilkårene.',
  dismissText: 'Jeg har lest dette',
  link: [{ rel: `${BASE}/post/relations/dismiss_notice`, uri: DISMISS }],
};
const writes = () => asked.filter((r): r is Extract<Request, { type: 'write' }> => r.type === 'write');

beforeEach(() => {
  asked.length = 0;
  answer = () => Promise.resolve({ data: null });
});

describe('Dismiss', () => {
  it('names the notice the person saw: its dismiss link and its words', async () => {
    const dismissed = vi.fn();
    render(<ServiceNotice notice={notice} rootUrl={ROOT} onDismissed={dismissed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Jeg har lest dette' }));
    await waitFor(() => expect(dismissed).toHaveBeenCalledOnce());
    expect(writes()).toEqual([
      {
        type: 'write',
        target: { url: ROOT, relation: 'self' },
        rel: 'dismiss_notice',
        notice: { dismiss: DISMISS, code: 'TERMS_UPDATED', messageHeader: 'Nye vilkår', messageText: 'Vi har oppdatert vilkårene.' },
      },
    ]);
  });

  it('a notice the service replaced since: says it was not dismissed, and reads the root again to show the new one', async () => {
    answer = () => Promise.reject(new AppError('write_target_changed', { detail: 'NOTICE_REPLACED' }));
    const reread = vi.fn();
    render(<ServiceNotice notice={notice} rootUrl={ROOT} onDismissed={reread} />);
    fireEvent.click(screen.getByRole('button', { name: 'Jeg har lest dette' }));
    await screen.findByText(
      'Not dismissed: Digipost has put up a new notice since this one was shown. It is shown here now: read it before you dismiss it.',
    );
    expect(screen.queryByText(/the letter was changed elsewhere/)).toBeNull();
    expect(reread).toHaveBeenCalledOnce();
  });
});

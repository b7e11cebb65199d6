import { INBOX } from '@dinedesk/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply, type MockReply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { Composer } from './composer.tsx';

/** The composer cannot submit twice: one send in flight blocks another at once. */
describe('Composer', () => {
  it('sends once when Enter and Send arrive before React re-renders', async () => {
    const conversation = { channel: 'messenger' as const, pageId: '1001', conversationId: '7' };
    const path = INBOX.messages('messenger', '1001', '7');
    let answer: (response: MockReply) => void = () => {};
    const backend = mockApi(handle.sendMessage(() => new Promise<MockReply>((resolve) => (answer = resolve))));
    renderWithProviders(<Composer conversation={conversation} disabledReason={null} />, { rules: OWNER_RULES });
    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: 'Yes, we have a table at 8.' } });
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.submit(input.closest('form')!);
    });
    await waitFor(() => expect(backend.callsTo(path, 'POST')).toHaveLength(1));
    expect(screen.getByTestId('composer-send')).toBeDisabled();
    await act(async () => answer(reply.error(504, { message: 'Facebook did not answer in time' })));
    // Still one request: the guard was released only after the first one settled.
    expect(backend.callsTo(path, 'POST')).toHaveLength(1);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

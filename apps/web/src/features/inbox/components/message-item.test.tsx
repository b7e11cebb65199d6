import type { TInboxMessage } from '@dinedesk/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messageFixture } from '../testing/fixtures.ts';
import { MessageItem, type DeliveryStatus } from './message-item.tsx';
import { MessageList } from './message-list.tsx';
import { snippetText } from './conversation-list.tsx';
import { inboxT } from '../inbox-t.ts';

/** "Every payload Meta sends": one bubble per kind of message, never an empty one. */

const noop = () => {};

function renderMessage(overrides: Partial<TInboxMessage>, status: DeliveryStatus | null = null) {
  const message = messageFixture({ text: null, ...overrides });
  render(
    <ul>
      <MessageItem message={message} now={Date.now()} canReact={false} reacting={false} seen={false} status={status} onReact={noop} onMediaLoad={noop} />
    </ul>,
  );
  return screen.getByTestId('message-item');
}

describe('message bubbles', () => {
  it('shows a shared link (fallback) with its title, linking to it', () => {
    const item = renderMessage({ attachments: [{ type: 'fallback', url: 'https://zomato.example/r/1', title: 'Spice Route on Zomato' }] });
    const link = within(item).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://zomato.example/r/1');
    expect(link).toHaveTextContent('Shared link');
    expect(link).toHaveTextContent('Spice Route on Zomato');
  });

  it.each([
    ['share', 'Shared post'],
    ['story_mention', 'Mentioned you in their story'],
    ['reel', 'Reel'],
    ['ig_reel', 'Reel'],
  ] as const)('shows an Instagram %s as a link', (type, label) => {
    const item = renderMessage({ attachments: [{ type, url: `https://cdn.example/${type}` }] });
    expect(within(item).getByRole('link')).toHaveAttribute('href', `https://cdn.example/${type}`);
    expect(item).toHaveTextContent(label);
  });

  it.each([
    ['video', 'Video'],
    ['audio', 'Voice message'],
    ['file', 'File'],
  ] as const)('shows a %s as a link', (type, label) => {
    const item = renderMessage({ attachments: [{ type, url: `https://cdn.example/${type}` }] });
    expect(within(item).getByRole('link', { name: label })).toHaveAttribute('href', `https://cdn.example/${type}`);
  });

  it('shows an image inline, and a sticker as a sticker', () => {
    const item = renderMessage({ attachments: [{ type: 'image', url: 'https://cdn.example/p.jpg', stickerId: '369239263222822' }] });
    expect(within(item).getByRole('img', { name: 'Sticker' })).toHaveAttribute('src', 'https://cdn.example/p.jpg');
  });

  it('shows a location with its title and a map link', () => {
    const item = renderMessage({ attachments: [{ type: 'location', lat: 17.4126, long: 78.4482, title: 'Banjara Hills' }] });
    const link = within(item).getByRole('link');
    expect(link.getAttribute('href')).toContain('mlat=17.4126&mlon=78.4482');
    expect(link).toHaveTextContent('Banjara Hills');
  });

  it('shows a template echo with its title and buttons, not an empty bubble', () => {
    const item = renderMessage({ direction: 'page', attachments: [{ type: 'template', templateType: 'button', title: 'Here is our menu', buttons: ['Order now', 'Call us'] }] });
    expect(item).toHaveTextContent('Here is our menu');
    expect(within(item).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Order now', 'Call us']);
  });

  it('shows an unsupported or unknown attachment as such', () => {
    const item = renderMessage({ attachments: [{ type: 'unsupported', originalType: 'ig_post_v9', url: null }] });
    expect(within(item).getByTestId('attachment')).toHaveTextContent('Unsupported attachment');
  });

  it('shows a postback as the guest’s tap on the button', () => {
    const item = renderMessage({ text: 'Book a table', postback: { title: 'Book a table' } });
    expect(within(item).getByTestId('message-postback')).toHaveTextContent('Tapped “Book a table”');
  });

  it('shows an unsent message as removed, without its text', () => {
    const item = renderMessage({ text: 'secret', deleted: true });
    expect(within(item).getByTestId('message-unsent')).toHaveTextContent('The guest unsent this message.');
    expect(item).not.toHaveTextContent('secret');
  });

  it('names the kind of a text-less last message in the conversation list', () => {
    const t = inboxT('en');
    expect(snippetText('[story_mention]', t)).toBe('Mentioned you in their story');
    expect(snippetText('[unsent]', t)).toBe('Message unsent');
    expect(snippetText('[not a kind]', t)).toBe('[not a kind]');
  });
});

describe('delivery ticks', () => {
  it('marks page messages sent, delivered or seen from the watermarks', () => {
    const at = (min: number) => new Date(Date.parse('2026-01-10T12:00:00.000Z') + min * 60_000).toISOString();
    const messages = [
      messageFixture({ id: '1', direction: 'page', text: 'a', createdTime: at(0) }),
      messageFixture({ id: '2', direction: 'guest', text: 'b', createdTime: at(1) }),
      messageFixture({ id: '3', direction: 'page', text: 'c', createdTime: at(2) }),
      messageFixture({ id: '4', direction: 'page', text: 'd', createdTime: at(4) }),
    ];
    render(
      <MessageList
        conversationId="7001"
        messages={messages}
        now={Date.parse(at(10))}
        canReact={false}
        reactingId={null}
        guestReadAt={at(1)}
        guestDeliveredAt={at(3)}
        onReact={noop}
        hasOlder={false}
        isFetchingOlder={false}
        fetchOlder={noop}
        olderError={null}
      />,
    );
    const statuses = screen.getAllByTestId('message-item').map((li) => within(li).queryByTestId('message-status')?.getAttribute('data-status') ?? null);
    expect(statuses).toEqual(['read', null, 'delivered', 'sent']);
    expect(screen.getAllByText('Seen by the guest')).toHaveLength(1);
  });
});

import { API, type TAbilityRule } from '@dinedesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import {
  AGENT,
  automationBackend,
  BAWARCHI_OUTLET,
  draftFixture,
  messageRef,
  hoursFromNow,
  ME,
  ruleFixture,
  runFixture,
  TEMPLATE_SORRY,
  type AutomationBackendData,
} from '../testing/automation-backend.ts';
import { AutomationPage } from './automation-page.tsx';

const PATH = '/apps/reviews_and_complaints/automation';

/** A viewer of the reviews module: reads rules, history and drafts (docs/decisions/0028). */
const VIEWER_RULES: TAbilityRule[] = ['Review', 'Complaint', 'Ticket', 'Automation'].map((subject) => ({ action: 'read', subject }));

beforeAll(() => i18n.loadNamespaces('automation'));

function setup(data: Partial<AutomationBackendData> = {}, { search = '', rules = OWNER_RULES }: { search?: string; rules?: TAbilityRule[] } = {}) {
  setViewportWidth(1440);
  signInAs({ id: ME.id, fullName: ME.fullName, ability: rules, role: rules === OWNER_RULES ? 'client_owner' : 'viewer' });
  const backend = automationBackend(data);
  const view = renderWithProviders(<AutomationPage />, { path: `${PATH}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

const ruleCards = () => screen.queryAllByTestId('automation-rule');
const card = (id: string) => ruleCards().find((c) => c.getAttribute('data-rule-id') === id)!;
const params = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));

const second = ruleFixture({ id: '12', name: 'Every review at Bawarchi', position: 2, enabled: false, enabledAt: null, conditions: { outletIds: [BAWARCHI_OUTLET] }, actions: [{ type: 'notify', userIds: [AGENT.id] }], delayMinutes: 60, runCount: 0, lastRunAt: null });

describe('AutomationPage: rules', () => {
  it('lists rules in order with a readable summary; owners get every control', async () => {
    setup({ rules: [second, ruleFixture()] });
    await waitFor(() => expect(ruleCards().map((c) => c.getAttribute('data-rule-id'))).toEqual(['11', '12']));
    expect(within(card('11')).getByTestId('automation-rule-summary')).toHaveTextContent('1–2★, Google, keywords: cold, late → Draft reply (2 templates) · Create ticket (high) after 15 minutes');
    expect(within(card('11')).getByTestId('automation-rule-facts')).toHaveTextContent(/^Acts for Asha Rao · 12 reviews handled · last on /);
    // Outlets and teammates are named once the owner's lists arrive.
    await waitFor(() => expect(within(card('12')).getByTestId('automation-rule-summary')).toHaveTextContent('at Bawarchi, RTC X Roads → Notify Vikram Shah after 1 hour'));
    expect(within(card('12')).getByTestId('automation-rule-facts')).toHaveTextContent('0 reviews handled · not run yet');

    expect(screen.getByTestId('automation-new-rule')).toBeVisible();
    expect(within(card('11')).getByRole('switch', { name: '“Unhappy Google guests” switched on' })).toBeChecked();
    expect(within(card('12')).getByRole('switch', { name: '“Every review at Bawarchi” switched on' })).not.toBeChecked();
    expect(within(card('11')).getByRole('button', { name: 'Move “Unhappy Google guests” up' })).toBeDisabled();
    expect(within(card('11')).getByRole('button', { name: 'Move “Unhappy Google guests” down' })).toBeEnabled();
    expect(within(card('12')).getByRole('button', { name: 'Move “Every review at Bawarchi” down' })).toBeDisabled();
    expect(within(card('11')).getByRole('button', { name: 'Edit “Unhappy Google guests”' })).toBeVisible();
    expect(within(card('11')).getByRole('button', { name: 'Delete “Unhappy Google guests”' })).toBeVisible();
  });

  it('shows viewers the rules read-only: no switch, no buttons, no "New rule", and asks no user list', async () => {
    const { backend } = setup({ rules: [ruleFixture(), second] }, { rules: VIEWER_RULES });
    await waitFor(() => expect(ruleCards()).toHaveLength(2));
    expect(screen.queryByTestId('automation-new-rule')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('switch')).toEqual([]);
    expect(within(card('11')).queryAllByRole('button')).toEqual([]);
    expect(within(card('11')).getByTestId('automation-rule-state')).toHaveTextContent('On');
    expect(within(card('12')).getByTestId('automation-rule-state')).toHaveTextContent('Off');
    expect(screen.getByText(/Only owners can change rules\./)).toBeInTheDocument();
    // Teammates are an owner's list: a viewer reads "a teammate".
    expect(within(card('12')).getByTestId('automation-rule-summary')).toHaveTextContent('Notify 1 teammate');
    expect(backend.callsTo(API.clientUsers)).toEqual([]);
  });

  it('switches a rule on with rules/update {ruleId, enabled}', async () => {
    const { backend, user } = setup({ rules: [ruleFixture(), second] });
    await waitFor(() => expect(ruleCards()).toHaveLength(2));
    await user.click(within(card('12')).getByRole('switch'));
    await waitFor(() => expect(backend.callsTo(API.automationRuleUpdate, 'POST').map((c) => c.body)).toEqual([{ ruleId: '12', enabled: true }]));
    await waitFor(() => expect(card('12')).toHaveAttribute('data-enabled', 'true'));
    expect(within(card('12')).getByRole('switch')).toBeChecked();
  });

  it('flags a rule switched off because its owner was removed or demoted; switching it on takes it over', async () => {
    const orphan = ruleFixture({ id: '13', name: 'Left by a former owner', enabled: false, owner: { id: AGENT.id, fullName: AGENT.fullName }, ownerMayRun: false });
    const { user } = setup({ rules: [ruleFixture(), orphan] });
    await waitFor(() => expect(ruleCards()).toHaveLength(2));
    expect(within(card('13')).getByTestId('automation-rule-owner-lost')).toHaveTextContent('Switched off: Vikram Shah is no longer an owner of this client.');
    expect(within(card('11')).queryByTestId('automation-rule-owner-lost')).not.toBeInTheDocument();
    await user.click(within(card('13')).getByRole('switch'));
    await waitFor(() => expect(within(card('13')).queryByTestId('automation-rule-owner-lost')).not.toBeInTheDocument());
    expect(within(card('13')).getByTestId('automation-rule-facts')).toHaveTextContent(/^Acts for Asha Rao/);
  });

  it('moves a rule down with the whole order, and deletes one after confirming', async () => {
    const { backend, user } = setup({ rules: [ruleFixture(), second] });
    await waitFor(() => expect(ruleCards()).toHaveLength(2));
    await user.click(within(card('11')).getByTestId('automation-rule-down'));
    await waitFor(() => expect(ruleCards().map((c) => c.getAttribute('data-rule-id'))).toEqual(['12', '11']));
    expect(backend.callsTo(API.automationRulesReorder, 'POST')[0]?.body).toEqual({ ruleIds: ['12', '11'] });

    await user.click(within(card('11')).getByTestId('automation-rule-delete'));
    const dialog = await screen.findByTestId('automation-delete-dialog');
    expect(dialog).toHaveTextContent('Delete “Unhappy Google guests”?');
    await user.click(within(dialog).getByTestId('automation-delete-confirm'));
    await waitFor(() => expect(ruleCards().map((c) => c.getAttribute('data-rule-id'))).toEqual(['12']));
    expect(backend.callsTo(API.automationRuleDelete, 'POST')[0]?.body).toEqual({ ruleId: '11' });
  });

  it('shows the empty state', async () => {
    setup({ rules: [] });
    expect(await screen.findByTestId('automation-rules-empty')).toHaveTextContent('No rules yet');
  });

  it('shows a failed list with its reason and Retry', async () => {
    signInAs({ id: ME.id, fullName: ME.fullName });
    const backend = automationBackend();
    backend.use(handle.automationRules(() => reply.error(500, { message: 'The database is not answering' })));
    renderWithProviders(<AutomationPage />, { path: PATH, rules: OWNER_RULES });
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering');
    backend.use(handle.automationRules(() => ({ data: [ruleFixture()] })));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(ruleCards()).toHaveLength(1));
  });
});

describe('AutomationPage: the rule editor', () => {
  async function openEditor(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByTestId('automation-new-rule'));
    return screen.findByTestId('automation-editor');
  }

  async function addAction(user: ReturnType<typeof userEvent.setup>, editor: HTMLElement, type: string) {
    await user.selectOptions(within(editor).getByTestId('automation-add-action-type'), type);
    await user.click(within(editor).getByTestId('automation-add-action'));
  }

  it('checks the form with the contract: a name too short is named under its field, and nothing is sent', async () => {
    const { backend, user } = setup({ rules: [] });
    const editor = await openEditor(user);
    await user.type(within(editor).getByTestId('automation-rule-name'), 'ab');
    await user.click(within(editor).getByTestId('automation-save'));
    const name = within(editor).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveAccessibleDescription('The name must be 3 to 80 characters.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(editor).getByTestId('automation-actions-error')).toHaveTextContent('Add at least one action.');
    expect(within(editor).getByTestId('automation-editor-invalid')).toHaveTextContent('Check the fields marked in red.');
    expect(backend.callsTo(API.automationRuleCreate)).toEqual([]);
    // The message follows the correction.
    await user.type(name, 'c');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('dry-runs the definition and shows the counts, the outlets and a sample with its outcome', async () => {
    const { backend, user } = setup({ rules: [] });
    const editor = await openEditor(user);
    await user.selectOptions(within(editor).getByTestId('automation-ratingMin'), '1');
    await user.selectOptions(within(editor).getByTestId('automation-ratingMax'), '2');
    await user.type(within(editor).getByTestId('automation-keywords'), 'cold{Enter}');
    await addAction(user, editor, 'draft');
    await user.click(within(editor).getByTestId('automation-action-templates'));
    await user.click(await screen.findByRole('option', { name: 'Sorry about the wait' }));
    await user.click(within(editor).getByTestId('automation-delay-15'));
    await user.click(within(editor).getByTestId('automation-dry-run'));

    const result = await within(editor).findByTestId('dry-run-result');
    expect(within(result).getByTestId('dry-run-summary')).toHaveTextContent(/^3 of 120 reviews between Jan 1, 2025 and Mar 31, 2025 would match\.$/);
    expect(within(result).getAllByTestId('dry-run-outlet').map((o) => o.textContent)).toEqual(['Paradise, Gachibowli: 2', 'Bawarchi, RTC X Roads: 1']);
    const [sample] = within(result).getAllByTestId('dry-run-sample');
    expect(within(sample!).getByTestId('review-ref-reviewer')).toHaveTextContent('Meena Iyer');
    expect(within(sample!).getByTestId('review-ref-text')).toHaveTextContent('The biryani was cold and the delivery was very late.');
    expect(within(sample!).getByTestId('outcome')).toHaveTextContent('Draft a reply for approval: would run');
    expect(within(sample!).getByTestId('outcome-detail')).toHaveTextContent('Dear Meena, we are sorry about the wait at Paradise, Gachibowli.');
    expect(backend.callsTo(API.automationDryRun, 'POST')[0]?.body).toEqual({
      trigger: 'new_review',
      conditions: { ratingMin: 1, ratingMax: 2, keywords: ['cold'] },
      actions: [{ type: 'draft', templateIds: [TEMPLATE_SORRY] }],
      delayMinutes: 15,
    });
    // A dry run needs no name, and writes nothing.
    expect(backend.callsTo(API.automationRuleCreate)).toEqual([]);

    // Changing the rule marks the answer as about the rule as it was.
    await user.selectOptions(within(editor).getByTestId('automation-ratingMax'), '3');
    expect(within(result).getByTestId('dry-run-stale')).toBeInTheDocument();
  });

  it('saves a new rule switched off unless "Switch on now" is ticked, last in the list', async () => {
    const { backend, user } = setup({ rules: [ruleFixture()] });
    const editor = await openEditor(user);
    await user.type(within(editor).getByTestId('automation-rule-name'), 'Tell Vikram');
    await addAction(user, editor, 'notify');
    await user.click(within(editor).getByTestId('automation-action-notify'));
    await user.click(await screen.findByRole('option', { name: AGENT.fullName }));
    await user.click(within(editor).getByTestId('automation-enable-now'));
    await user.click(within(editor).getByTestId('automation-save'));
    await waitFor(() => expect(screen.queryByTestId('automation-editor')).not.toBeInTheDocument());
    expect(backend.callsTo(API.automationRuleCreate, 'POST')[0]?.body).toEqual({ trigger: 'new_review', conditions: {}, actions: [{ type: 'notify', userIds: [AGENT.id] }], delayMinutes: 5, name: 'Tell Vikram', enabled: true });
    await waitFor(() => expect(ruleCards().map((c) => c.textContent)).toEqual([expect.stringContaining('Unhappy Google guests'), expect.stringContaining('Tell Vikram')]));
  });

  it('offers channels instead of sources and stars, and saves a new_message rule', async () => {
    const { backend, user } = setup({ rules: [] });
    const editor = await openEditor(user);
    expect(within(editor).getByTestId('automation-sources')).toBeInTheDocument();
    await user.click(within(editor).getByRole('radio', { name: 'A guest writes on Messenger or Instagram' }));
    expect(within(editor).queryByTestId('automation-sources')).not.toBeInTheDocument();
    expect(within(editor).queryByTestId('automation-ratingMin')).not.toBeInTheDocument();
    expect(within(editor).getByTestId('automation-message-help')).toHaveTextContent('at most one automatic answer a day');
    await user.click(within(within(editor).getByTestId('automation-channels')).getByRole('checkbox', { name: 'Instagram' }));
    await user.type(within(editor).getByTestId('automation-rule-name'), 'Parking answers');
    await user.type(within(editor).getByTestId('automation-keywords'), 'parking{Enter}');
    await addAction(user, editor, 'create_ticket');
    await user.click(within(editor).getByTestId('automation-save'));
    await waitFor(() => expect(screen.queryByTestId('automation-editor')).not.toBeInTheDocument());
    expect(backend.callsTo(API.automationRuleCreate, 'POST')[0]?.body).toEqual({
      trigger: 'new_message',
      conditions: { channels: ['messenger'], keywords: ['parking'] },
      actions: [{ type: 'create_ticket', priority: 'normal' }],
      delayMinutes: 5,
      name: 'Parking answers',
      enabled: false,
    });
  });

  it('refuses a message rule with no channel ticked, under the channels', async () => {
    const { backend, user } = setup({ rules: [] });
    const editor = await openEditor(user);
    await user.click(within(editor).getByRole('radio', { name: 'A guest writes on Messenger or Instagram' }));
    const channels = within(editor).getByTestId('automation-channels');
    for (const name of ['Messenger', 'Instagram']) await user.click(within(channels).getByRole('checkbox', { name }));
    await user.type(within(editor).getByTestId('automation-rule-name'), 'No channel');
    await addAction(user, editor, 'create_ticket');
    await user.click(within(editor).getByTestId('automation-save'));
    expect(await within(channels).findByText('Tick at least one channel.')).toBeInTheDocument();
    expect(backend.callsTo(API.automationRuleCreate)).toEqual([]);
  });
});

describe('AutomationPage: editing a rule', () => {
  it('opens the rule in the editor and saves the whole definition with rules/update', async () => {
    const { backend, user } = setup();
    await waitFor(() => expect(ruleCards()).toHaveLength(1));
    await user.click(within(card('11')).getByTestId('automation-rule-edit'));
    const editor = await screen.findByTestId('automation-editor');
    expect(within(editor).getByTestId('automation-rule-name')).toHaveValue('Unhappy Google guests');
    expect(within(editor).getByTestId('automation-ratingMax')).toHaveValue('2');
    expect(within(editor).getAllByTestId('automation-action').map((a) => a.getAttribute('data-type'))).toEqual(['draft', 'create_ticket']);
    expect(within(editor).getByTestId('automation-delay-15')).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(editor).getByTestId('automation-delay-60'));
    expect(within(editor).getByTestId('automation-delay')).toHaveValue(60);
    await user.click(within(editor).getByTestId('automation-save'));
    await waitFor(() => expect(screen.queryByTestId('automation-editor')).not.toBeInTheDocument());
    expect(backend.callsTo(API.automationRuleUpdate, 'POST')[0]?.body).toEqual({
      ruleId: '11',
      name: 'Unhappy Google guests',
      conditions: { sources: ['google'], ratingMin: 1, ratingMax: 2, keywords: ['cold', 'late'] },
      actions: ruleFixture().actions,
      delayMinutes: 60,
    });
    await waitFor(() => expect(within(card('11')).getByTestId('automation-rule-summary')).toHaveTextContent(/after 1 hour$/));
  });

  it('shows a server refusal under the field it names (a taken name)', async () => {
    const { backend, user } = setup({ rules: [] });
    backend.use(handle.automationRuleCreate(() => reply.error(409, { message: 'A rule named “Late food” exists already', field: 'body.name' })));
    await user.click(await screen.findByTestId('automation-new-rule'));
    const editor = await screen.findByTestId('automation-editor');
    await user.type(within(editor).getByTestId('automation-rule-name'), 'Late food');
    await user.selectOptions(within(editor).getByTestId('automation-add-action-type'), 'create_ticket');
    await user.click(within(editor).getByTestId('automation-add-action'));
    await user.click(within(editor).getByTestId('automation-save'));
    await waitFor(() => expect(within(editor).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('A rule named “Late food” exists already'));
  });
});

describe('AutomationPage: approval queue', () => {
  it('shows the badge, the review and the draft; approving sends the decision and the queue empties', async () => {
    const { backend, location, user } = setup({ drafts: [draftFixture()] });
    await waitFor(() => expect(screen.getByTestId('automation-pending-count')).toHaveTextContent('1'));
    expect(screen.getByRole('tab', { name: /^Approval queue\s*1 draft waiting$/ })).toBeInTheDocument();
    await user.click(screen.getByTestId('automation-tab-drafts'));
    expect(params(location)).toEqual({ tab: 'drafts' });
    const draft = await screen.findByTestId('automation-draft');
    expect(draft).toHaveTextContent('Rule: Unhappy Google guests');
    expect(within(draft).getByTestId('review-ref')).toHaveTextContent('Meena Iyer');
    expect(within(draft).getByTestId('review-ref')).toHaveTextContent('Google · Paradise, Gachibowli');
    expect(within(draft).getByTestId('draft-text')).toHaveValue('Dear Meena, we are sorry about the wait at Paradise, Gachibowli.');
    await user.click(within(draft).getByTestId('draft-approve'));
    await waitFor(() => expect(backend.callsTo(API.automationDraftDecide, 'POST').map((c) => c.body)).toEqual([{ draftId: '301', decision: 'approve' }]));
    expect(await screen.findByTestId('automation-drafts-empty')).toHaveTextContent('No drafts waiting');
    await waitFor(() => expect(screen.queryByTestId('automation-pending-count')).not.toBeInTheDocument());

    // The approved list says who decided.
    await user.selectOptions(screen.getByTestId('automation-draft-status'), 'approved');
    expect(params(location)).toEqual({ tab: 'drafts', status: 'approved' });
    expect(await screen.findByTestId('draft-decided')).toHaveTextContent(/^Approved by Asha Rao on /);
  });

  it('shows the reply check’s warnings in words, and "Send anyway" resends with sendAnyway: true and the edited text', async () => {
    const { backend, user } = setup({ drafts: [draftFixture({ warnings: ['no_substance'] })], replyCheck: ['contact_details'] }, { search: '?tab=drafts' });
    const draft = await screen.findByTestId('automation-draft');
    // Why an automatic reply waits here.
    expect(within(draft).getByTestId('draft-stored-warnings')).toHaveTextContent('It says nothing about what the guest wrote.');
    const text = within(draft).getByTestId('draft-text');
    await user.clear(text);
    await user.type(text, 'Call us on 98480 22338, Meena.');
    await user.click(within(draft).getByTestId('draft-approve'));
    const warnings = await within(draft).findByTestId('draft-check-warnings');
    expect(warnings).toHaveTextContent('It contains a phone number, an email address or a link; personal details belong in a private message.');
    await user.click(within(warnings).getByTestId('draft-send-anyway'));
    await waitFor(() =>
      expect(backend.callsTo(API.automationDraftDecide, 'POST').map((c) => c.body)).toEqual([
        { draftId: '301', decision: 'approve', text: 'Call us on 98480 22338, Meena.' },
        { draftId: '301', decision: 'approve', text: 'Call us on 98480 22338, Meena.', sendAnyway: true },
      ]),
    );
    expect(await screen.findByTestId('automation-drafts-empty')).toBeInTheDocument();
  });

  it('says a draft was decided already (409) and refetches the queue', async () => {
    const { backend, user } = setup({ drafts: [draftFixture()] }, { search: '?tab=drafts' });
    const draft = await screen.findByTestId('automation-draft');
    // Someone else rejects it meanwhile.
    backend.data.drafts = [draftFixture({ status: 'rejected', decidedAt: hoursFromNow(0), decidedBy: AGENT.fullName })];
    await user.click(within(draft).getByTestId('draft-reject'));
    await waitFor(() => expect(backend.callsTo(API.automationDrafts, 'POST').length).toBeGreaterThan(1));
    expect(await screen.findByTestId('automation-drafts-empty')).toBeInTheDocument();
  });

  it('lets viewers read drafts without deciding them', async () => {
    setup({ drafts: [draftFixture()] }, { search: '?tab=drafts', rules: VIEWER_RULES });
    const draft = await screen.findByTestId('automation-draft');
    expect(within(draft).getByTestId('draft-text-read-only')).toHaveTextContent('Dear Meena');
    expect(within(draft).queryAllByRole('button')).toEqual([]);
  });
});

describe('AutomationPage: history', () => {
  it('shows each run with its status in words, the due time of a scheduled one, and the outcomes', async () => {
    const dueAt = hoursFromNow(0.25);
    setup(
      {
        runs: [
          runFixture({ id: '504', status: 'scheduled', matchedAt: hoursFromNow(0), dueAt, finishedAt: null }),
          runFixture({
            id: '503',
            status: 'done',
            outcomes: [
              { type: 'draft', status: 'drafted', detail: 'Waiting for approval' },
              { type: 'create_ticket', status: 'done', detail: 'Ticket #42' },
            ],
          }),
          runFixture({ id: '502', status: 'skipped', outcomes: [], reviewerName: 'Ravi Kumar', rating: null, text: '' }),
          runFixture({ id: '501', status: 'failed', ruleName: 'A deleted rule', ruleId: null, outcomes: [{ type: 'reply', status: 'failed', detail: 'Google refused the reply (quota).' }] }),
        ],
      },
      { search: '?tab=history' },
    );
    await waitFor(() => expect(screen.getAllByTestId('automation-run')).toHaveLength(4));
    const runs = screen.getAllByTestId('automation-run');
    expect(runs.map((r) => within(r).getByTestId('automation-run-status').textContent)).toEqual(['Scheduled', 'Done', 'Skipped', 'Failed']);
    expect(within(runs[0]!).getByTestId('automation-run-when')).toHaveTextContent(/^Due /);
    expect(within(runs[0]!).getByTestId('automation-run-when').querySelector('time')).toHaveAttribute('dateTime', dueAt);
    expect(within(runs[1]!).getAllByTestId('outcome').map((o) => o.textContent)).toEqual(['Draft a reply for approval: drafted for approvalWaiting for approval', 'Create a ticket: doneTicket #42']);
    expect(within(runs[2]!).getByTestId('review-ref')).toHaveTextContent('No stars');
    expect(within(runs[2]!).getByTestId('review-ref')).toHaveTextContent('No written review.');
    expect(runs[3]).toHaveTextContent('Rule: A deleted rule');
    expect(within(runs[3]!).getByTestId('outcome-detail')).toHaveTextContent('Google refused the reply (quota).');
  });

  it('pages with "Load more" and the cursor the server gave', async () => {
    const runs = Array.from({ length: 30 }, (_, i) => runFixture({ id: String(600 - i), reviewerName: `Guest ${i + 1}` }));
    const { backend, user } = setup({ runs }, { search: '?tab=history' });
    await waitFor(() => expect(screen.getAllByTestId('automation-run')).toHaveLength(25));
    await user.click(screen.getByTestId('automation-history-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('automation-run')).toHaveLength(30));
    expect(backend.callsTo(API.automationHistory, 'POST').map((c) => c.body)).toEqual([{ limit: 25 }, { cursor: '25', limit: 25 }]);
    expect(screen.getByText('No older runs')).toBeInTheDocument();
  });

  it('shows a message run with its guest, channel and a link to the conversation, without stars', async () => {
    setup({ runs: [runFixture({ ...messageRef, id: '601', outcomes: [{ type: 'reply', status: 'done', detail: 'Sent on Messenger: Yes, behind the restaurant.' }] })] }, { search: '?tab=history' });
    const ref = await screen.findByTestId('review-ref');
    expect(within(ref).getByTestId('review-ref-reviewer')).toHaveTextContent('Ravi Kumar');
    expect(within(ref).queryByTestId('review-ref-rating')).not.toBeInTheDocument();
    expect(ref).toHaveTextContent('Messenger · Paradise, Gachibowli');
    expect(within(ref).getByTestId('review-ref-conversation')).toHaveAttribute('href', '/apps/reviews_and_complaints/inbox?channel=messenger&page=1000000001&conversation=4401');
  });

  it('lets an owner run a scheduled run now: the run is asked for at once and the list asked again', async () => {
    const { backend, user } = setup({ runs: [runFixture({ id: '504', status: 'scheduled', matchedAt: hoursFromNow(0), dueAt: hoursFromNow(4), finishedAt: null }), runFixture({ id: '503', status: 'done' })] }, { search: '?tab=history' });
    await waitFor(() => expect(screen.getAllByTestId('automation-run')).toHaveLength(2));
    const [scheduled, done] = screen.getAllByTestId('automation-run');
    expect(within(done!).queryByTestId('automation-run-now')).not.toBeInTheDocument();
    const historyCalls = backend.callsTo(API.automationHistory, 'POST').length;
    await user.click(within(scheduled!).getByTestId('automation-run-now'));
    await waitFor(() => expect(backend.callsTo(API.automationRunNow, 'POST').map((c) => c.body)).toEqual([{ runId: '504' }]));
    await waitFor(() => expect(backend.callsTo(API.automationHistory, 'POST').length).toBeGreaterThan(historyCalls));
    // The new due time (now) replaces the one 4 hours away.
    await waitFor(() => expect(Date.parse(within(screen.getAllByTestId('automation-run')[0]!).getByTestId('automation-run-when').querySelector('time')!.getAttribute('dateTime')!)).toBeLessThan(Date.now() + 60_000));
  });

  it('says why a run cannot run now (its rule was switched off meanwhile)', async () => {
    const { backend, user } = setup({ runs: [runFixture({ id: '504', status: 'scheduled', matchedAt: hoursFromNow(0), dueAt: hoursFromNow(4), finishedAt: null })] }, { search: '?tab=history' });
    const run = await screen.findByTestId('automation-run');
    backend.use(handle.automationRunNow(() => reply.error(409, { message: 'Its rule is switched off: switch it on to run it', field: 'body.runId' })));
    await user.click(within(run).getByTestId('automation-run-now'));
    expect(await screen.findByTestId('automation-run-now-error')).toHaveTextContent('Its rule is switched off: switch it on to run it');
    expect(within(screen.getByTestId('automation-run')).getByTestId('automation-run-now')).toBeEnabled();
  });

  it('shows no "Run now" to a viewer', async () => {
    setup({ runs: [runFixture({ id: '504', status: 'scheduled', matchedAt: hoursFromNow(0), dueAt: hoursFromNow(4), finishedAt: null })] }, { search: '?tab=history', rules: VIEWER_RULES });
    await screen.findByTestId('automation-run');
    expect(screen.queryByTestId('automation-run-now')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    setup({ runs: [] }, { search: '?tab=history' });
    expect(await screen.findByTestId('automation-history-empty')).toHaveTextContent('Nothing yet');
  });
});

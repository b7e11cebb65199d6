/**
 * The rule editor (docs/decisions/0028), a dialog for a new rule and for
 * editing one. Owners only (`manage Automation`): the page opens it for them alone.
 *
 * - Trigger: a new review, or a guest's message on Messenger or Instagram; chosen for a new rule,
 *   fixed once saved (the server refuses conditions a trigger cannot read). Conditions: sources
 *   and rating range (reviews) or channels (messages), text, keywords (free chips), outlets (all
 *   when none is chosen), sentiment. Actions, in order:
 *   reply or draft from a template pool (never both), create a ticket, assign, notify. Delay:
 *   5 min to 24 h, with presets. A new rule is saved off unless "Switch on now" is ticked.
 * - The contract checks the form before anything is sent (rule-form.ts `validateRule`); each
 *   message is shown under its field once the user tried to save or dry-run, and follows their
 *   corrections. A server refusal naming a field (an outlet or template no longer there, a taken
 *   name) is shown there too, otherwise above the buttons, as the server words it.
 * - Dry run: the current definition against the last 90 days of reviews (dry-run-result.tsx).
 *   The answer stays on screen with a note once the form changes.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CHANNELS, REVIEW_SOURCES, SENTIMENTS } from '@dinedesk/contracts';
import { AUTOMATION_DELAY_MAX_MINUTES, AUTOMATION_DELAY_MIN_MINUTES, type TAutomationActionType, type TAutomationRule } from '@dinedesk/contracts/automation';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { useCreateRule } from '../api/create-rule.ts';
import { useDryRun } from '../api/dry-run.ts';
import { useReplyTemplates } from '../api/get-reply-templates.ts';
import { useUpdateRule } from '../api/update-rule.ts';
import { delayText, type AutomationT } from '../format.ts';
import type { ScreenNames } from '../hooks/use-names.ts';
import {
  ACTION_TYPES,
  DELAY_PRESETS,
  emptyForm,
  fieldOfServerField,
  formOfRule,
  newAction,
  toDefinition,
  toConditions,
  validateRule,
  type FieldKey,
  type FormAction,
  type FormIssue,
  type RuleForm,
} from '../rule-form.ts';
import { ActionFields } from './action-fields.tsx';
import { DryRunResult } from './dry-run-result.tsx';

const RATINGS = ['1', '2', '3', '4', '5'] as const;
/** At most this many keywords (the contract's limit); more typed ones are kept off. */
const MAX_KEYWORDS = 20;

/** The screen's words for a contract issue at `field` (the contract's English for anything else). */
function messageOf(issue: FormIssue, form: RuleForm, t: AutomationT): string {
  const { field } = issue;
  if (field === null) return issue.message;
  if (field === 'actions') {
    const types = form.actions.map((a) => a.type);
    if (types.length === 0) return t('validation.actionsNone');
    if (types.includes('reply') && types.includes('draft')) return t('validation.replyOrDraft');
    return issue.message;
  }
  if (field.startsWith('action.')) {
    const type = form.actions[Number(field.slice('action.'.length))]?.type;
    if (type === 'reply' || type === 'draft') return t('validation.templates');
    if (type === 'assign') return t('validation.assignee');
    if (type === 'notify') return t('validation.notify');
    return issue.message;
  }
  const words: Partial<Record<FieldKey, string>> = {
    name: t('validation.name'),
    sources: t('validation.sources'),
    channels: t('validation.channels'),
    rating: t('validation.rating'),
    keywords: t('validation.keywords'),
    outlets: t('validation.outlets'),
    sentiments: t('validation.sentiments'),
    delay: t('validation.delay'),
  };
  return words[field] ?? issue.message;
}

/** Keywords as chips: trimmed, without empties or repeats (case-insensitive), at most 20. */
function cleanKeywords(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const word = value.trim();
    if (!word || seen.has(word.toLocaleLowerCase())) continue;
    seen.add(word.toLocaleLowerCase());
    out.push(word);
  }
  return out.slice(0, MAX_KEYWORDS);
}

/** A labelled group of controls (a fieldset) with its help or error line. */
function FieldGroup({ label, help, error, children, testId }: { label: string; help?: string; error: string | null; children: ReactNode; testId?: string }) {
  return (
    <FormControl component="fieldset" error={error !== null} data-testid={testId}>
      <FormLabel component="legend" sx={{ typography: 'body2' }}>
        {label}
      </FormLabel>
      {children}
      {(error ?? help) && <FormHelperText>{error ?? help}</FormHelperText>}
    </FormControl>
  );
}

export interface RuleEditorDialogProps {
  /** The rule to edit; absent for a new rule. */
  rule?: TAutomationRule;
  names: ScreenNames;
  onClose: () => void;
  onSaved: (rule: TAutomationRule) => void;
}

export function RuleEditorDialog({ rule, names, onClose, onSaved }: RuleEditorDialogProps) {
  const { t, i18n } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [form, setForm] = useState<RuleForm>(() => (rule ? formOfRule(rule) : emptyForm()));
  /** What the user tried: a dry run checks the definition (not the name), a save everything. */
  const [tried, setTried] = useState<'dry-run' | 'save' | null>(null);
  const [keywordInput, setKeywordInput] = useState('');
  const [addType, setAddType] = useState<TAutomationActionType | ''>('');
  /** The definition the shown dry run was asked about (JSON), to tell when the form moved on. */
  const [dryRunOf, setDryRunOf] = useState<string | null>(null);
  const templatesQuery = useReplyTemplates();
  const templates = useMemo(() => (templatesQuery.data?.data ?? []).map((tpl) => ({ id: tpl.id, name: tpl.name })), [templatesQuery.data]);
  const create = useCreateRule();
  const update = useUpdateRule();
  const save = rule ? update : create;
  const dryRun = useDryRun();
  /** The last server refusal, of a save or a dry run. */
  const [refusal, setRefusal] = useState<unknown>(null);

  const issues = useMemo(() => validateRule(form), [form]);
  const errors = useMemo(() => {
    const out = new Map<FieldKey | null, string>();
    for (const issue of issues) {
      if (tried === 'save' || (tried === 'dry-run' && issue.field !== 'name')) out.set(issue.field, messageOf(issue, form, t));
    }
    if (refusal !== null) {
      const field = refusal instanceof ApiError ? fieldOfServerField(refusal.field) : null;
      if (field && !out.has(field)) out.set(field, describeError(refusal, appT));
    }
    return out;
  }, [tried, issues, form, t, refusal, appT]);
  const errorOf = (field: FieldKey): string | null => errors.get(field) ?? null;
  const refusalField = refusal instanceof ApiError ? fieldOfServerField(refusal.field) : null;
  const generalError = refusal !== null && refusalField === null ? describeError(refusal, appT) : (errors.get(null) ?? null);

  const change = (patch: Partial<RuleForm>) => setForm((current) => ({ ...current, ...patch }));
  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));
  const changeAction = (next: FormAction) => change({ actions: form.actions.map((a) => (a.key === next.key ? next : a)) });
  const used = new Set(form.actions.map((a) => a.type));
  // A rule either replies or drafts (the contract's refine): the other is not offered.
  const addable = ACTION_TYPES.filter((type) => !used.has(type) && !(type === 'reply' && used.has('draft')) && !(type === 'draft' && used.has('reply')));

  const definitionKey = JSON.stringify(toDefinition(form));
  const delayNumber = Number(form.delayMinutes);

  const runDryRun = () => {
    setTried((before) => before ?? 'dry-run');
    // The name is not part of a definition: a dry run may come before it.
    if (issues.some((issue) => issue.field !== 'name')) return;
    setRefusal(null);
    const definition = toDefinition(form);
    dryRun.mutate(definition, { onSuccess: () => setDryRunOf(JSON.stringify(definition)), onError: setRefusal });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried('save');
    if (issues.length > 0) return;
    setRefusal(null);
    const callbacks = { onSuccess: onSaved, onError: setRefusal };
    const definition = toDefinition(form);
    if (rule) {
      update.mutate({ ruleId: rule.id, name: form.name.trim(), conditions: toConditions(form), actions: definition.actions, delayMinutes: definition.delayMinutes }, callbacks);
    } else {
      create.mutate({ ...definition, name: form.name.trim(), enabled: form.enableNow }, callbacks);
    }
  };

  const outletChoices = names.outlets;
  const chosenOutlets = form.outletIds.map((id) => outletChoices.find((o) => o.id === id) ?? { id, name: id, brandName: '' });
  const nameError = errorOf('name');
  const onMessages = form.trigger === 'new_message';
  const ratingError = errorOf('rating');
  const keywordsError = errorOf('keywords');
  const outletsError = errorOf('outlets');
  const actionsError = errorOf('actions');
  const delayError = errorOf('delay');

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={narrow} scroll="paper" aria-labelledby="automation-editor-title" data-testid="automation-editor">
      <DialogTitle id="automation-editor-title">{rule ? t('editor.editTitle', { name: rule.name }) : t('editor.newTitle')}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="automation-editor-form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <TextField
            size="small"
            autoFocus
            required
            label={t('editor.name')}
            value={form.name}
            onChange={(event) => change({ name: event.target.value })}
            error={nameError !== null}
            helperText={nameError}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'automation-rule-name' } }}
          />
          <FieldGroup label={t('editor.triggerLabel')} help={rule ? t('editor.triggerFixed') : undefined} error={null} testId="automation-trigger">
            <RadioGroup row value={form.trigger} onChange={(_e, value) => change({ trigger: value as RuleForm['trigger'] })}>
              <FormControlLabel value="new_review" disabled={Boolean(rule)} control={<Radio size="small" />} label={t('editor.triggerReview')} />
              <FormControlLabel value="new_message" disabled={Boolean(rule)} control={<Radio size="small" />} label={t('editor.triggerMessage')} />
            </RadioGroup>
          </FieldGroup>

          <Stack component="section" spacing={2} aria-labelledby="automation-editor-conditions">
            <Box>
              <Typography id="automation-editor-conditions" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('editor.conditions')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('editor.conditionsHelp')}
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              {onMessages ? (
                <FieldGroup label={t('editor.channels')} error={errorOf('channels')} testId="automation-channels">
                  <FormGroup row>
                    {CHANNELS.map((channel) => (
                      <FormControlLabel key={channel} label={t(`channel.${channel}`)} control={<Checkbox size="small" checked={form.channels.includes(channel)} onChange={(_e, on) => change({ channels: toggle(form.channels, channel, on) })} />} />
                    ))}
                  </FormGroup>
                </FieldGroup>
              ) : (
                <FieldGroup label={t('editor.sources')} error={errorOf('sources')} testId="automation-sources">
                  <FormGroup row>
                    {REVIEW_SOURCES.map((source) => (
                      <FormControlLabel key={source} label={appT(`reviews.source.${source}`)} control={<Checkbox size="small" checked={form.sources.includes(source)} onChange={(_e, on) => change({ sources: toggle(form.sources, source, on) })} />} />
                    ))}
                  </FormGroup>
                </FieldGroup>
              )}
              <FieldGroup label={t('editor.text')} error={null}>
                <RadioGroup row value={form.text} onChange={(_e, value) => change({ text: value as RuleForm['text'] })}>
                  <FormControlLabel value="any" control={<Radio size="small" />} label={t('editor.textAny')} />
                  <FormControlLabel value="with" control={<Radio size="small" />} label={t('editor.textWith')} />
                  <FormControlLabel value="without" control={<Radio size="small" />} label={t('editor.textWithout')} />
                </RadioGroup>
              </FieldGroup>
            </Box>
            {onMessages ? (
              <Alert severity="info" variant="outlined" data-testid="automation-message-help">
                {t('editor.messageHelp')}
              </Alert>
            ) : (
            <Box>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {(['ratingMin', 'ratingMax'] as const).map((key) => (
                  <NativeSelectField
                    key={key}
                    id={`automation-${key}`}
                    label={t(key === 'ratingMin' ? 'editor.ratingMin' : 'editor.ratingMax')}
                    value={form[key]}
                    onChange={(event) => change(key === 'ratingMin' ? { ratingMin: event.target.value } : { ratingMax: event.target.value })}
                    htmlSelect={{ 'data-testid': `automation-${key}`, 'aria-invalid': ratingError !== null, 'aria-describedby': 'automation-rating-help' }}
                  >
                    <option value="">{t('editor.anyRating')}</option>
                    {RATINGS.map((rating) => (
                      <option key={rating} value={rating}>
                        {t('editor.stars', { count: Number(rating) })}
                      </option>
                    ))}
                  </NativeSelectField>
                ))}
              </Box>
              <FormHelperText id="automation-rating-help" error={ratingError !== null}>
                {ratingError ?? t('editor.ratingHelp')}
              </FormHelperText>
            </Box>
            )}
            <Autocomplete
              multiple
              freeSolo
              // A keyword typed and not yet confirmed with Enter still counts when the field loses focus.
              autoSelect
              size="small"
              options={[] as string[]}
              value={form.keywords}
              inputValue={keywordInput}
              onInputChange={(_event, text, reason) => {
                // A comma or semicolon ends a keyword, as Enter does (pasted lists too).
                if (reason === 'input' && /[,;]/.test(text)) {
                  const parts = text.split(/[,;]/);
                  setKeywordInput(parts.pop() ?? '');
                  change({ keywords: cleanKeywords([...form.keywords, ...parts]) });
                } else {
                  setKeywordInput(text);
                }
              }}
              onChange={(_event, next) => change({ keywords: cleanKeywords(next) })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('editor.keywords')}
                  error={keywordsError !== null}
                  helperText={keywordsError ?? t('editor.keywordsHelp')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 40, 'data-testid': 'automation-keywords' } }}
                />
              )}
            />
            <Autocomplete
              multiple
              disableCloseOnSelect
              size="small"
              options={outletChoices}
              groupBy={(outlet) => outlet.brandName}
              getOptionLabel={(outlet) => outlet.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              value={chosenOutlets}
              onChange={(_event, next) => change({ outletIds: next.map((o) => o.id) })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('editor.outlets')}
                  placeholder={form.outletIds.length === 0 ? t('editor.allOutlets') : undefined}
                  error={outletsError !== null}
                  helperText={outletsError ?? (form.outletIds.length === 0 ? t('editor.allOutlets') : ' ')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'automation-outlets' } }}
                />
              )}
            />
            <FieldGroup label={t('editor.sentiments')} help={t('editor.sentimentsHelp')} error={errorOf('sentiments')} testId="automation-sentiments">
              <FormGroup row>
                {SENTIMENTS.map((sentiment) => (
                  <FormControlLabel key={sentiment} label={appT(`reviews.sentiment.${sentiment}`)} control={<Checkbox size="small" checked={form.sentiments.includes(sentiment)} onChange={(_e, on) => change({ sentiments: toggle(form.sentiments, sentiment, on) })} />} />
                ))}
              </FormGroup>
            </FieldGroup>
          </Stack>

          <Stack component="section" spacing={1.5} aria-labelledby="automation-editor-actions">
            <Box>
              <Typography id="automation-editor-actions" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('editor.actions')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('editor.actionsHelp')}
              </Typography>
            </Box>
            {form.actions.length > 0 && (
              <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} data-testid="automation-actions">
                {form.actions.map((action, index) => (
                  <ActionFields
                    key={action.key}
                    action={action}
                    index={index}
                    templates={templates}
                    teammates={names.teammates}
                    error={errorOf(`action.${index}`)}
                    onChange={changeAction}
                    onRemove={() => change({ actions: form.actions.filter((a) => a.key !== action.key) })}
                  />
                ))}
              </Stack>
            )}
            {addable.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <NativeSelectField id="automation-add-action" label={t('editor.addAction')} value={addType} onChange={(event) => setAddType(event.target.value as TAutomationActionType | '')} htmlSelect={{ 'data-testid': 'automation-add-action-type', 'aria-describedby': actionsError ? 'automation-actions-error' : undefined }}>
                  <option value="">{t('editor.chooseAction')}</option>
                  {addable.map((type) => (
                    <option key={type} value={type}>
                      {t(`actionType.${type}`)}
                    </option>
                  ))}
                </NativeSelectField>
                <Button
                  variant="outlined"
                  disabled={addType === '' || !addable.includes(addType)}
                  onClick={() => {
                    if (addType === '') return;
                    change({ actions: [...form.actions, newAction(addType)] });
                    setAddType('');
                  }}
                  data-testid="automation-add-action"
                >
                  {t('editor.add')}
                </Button>
              </Box>
            )}
            {actionsError && (
              <FormHelperText id="automation-actions-error" error data-testid="automation-actions-error">
                {actionsError}
              </FormHelperText>
            )}
          </Stack>

          <Stack component="section" spacing={1.5} aria-labelledby="automation-editor-delay">
            <Typography id="automation-editor-delay" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('editor.delay')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                aria-label={t('editor.presets')}
                value={(DELAY_PRESETS as readonly number[]).includes(delayNumber) ? delayNumber : null}
                onChange={(_event, minutes: number | null) => minutes !== null && change({ delayMinutes: String(minutes) })}
              >
                {DELAY_PRESETS.map((minutes) => (
                  <ToggleButton key={minutes} value={minutes} data-testid={`automation-delay-${minutes}`} sx={{ textTransform: 'none' }}>
                    {delayText(minutes, i18n.language)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <TextField
                size="small"
                type="number"
                label={t('editor.delayMinutes')}
                value={form.delayMinutes}
                onChange={(event) => change({ delayMinutes: event.target.value })}
                error={delayError !== null}
                helperText={delayError ?? t('editor.delayHelp')}
                slotProps={{ htmlInput: { min: AUTOMATION_DELAY_MIN_MINUTES, max: AUTOMATION_DELAY_MAX_MINUTES, step: 1, 'data-testid': 'automation-delay' } }}
                sx={{ width: { xs: '100%', sm: 280 } }}
              />
            </Box>
          </Stack>

          {rule ? (
            <Typography variant="body2" color="text.secondary">
              {t('editor.actsForYou')}
            </Typography>
          ) : (
            <Box>
              <FormControlLabel
                control={<Checkbox checked={form.enableNow} onChange={(_e, on) => change({ enableNow: on })} slotProps={{ input: { 'aria-describedby': 'automation-enable-help' } }} data-testid="automation-enable-now" />}
                label={t('editor.enableNow')}
              />
              <FormHelperText id="automation-enable-help">
                {t('editor.enableNowHelp')} {t('editor.actsForYou')}
              </FormHelperText>
            </Box>
          )}

          {errors.size > 0 && !generalError && (
            <Alert severity="error" role="alert" data-testid="automation-editor-invalid">
              {t('validation.fixFields')}
            </Alert>
          )}
          {generalError && (
            <Alert severity="error" role="alert" data-testid="automation-editor-error">
              {generalError}
            </Alert>
          )}

          {dryRun.data && <DryRunResult result={dryRun.data} stale={dryRunOf !== definitionKey} names={names.names} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" onClick={runDryRun} disabled={dryRun.isPending} data-testid="automation-dry-run">
          {dryRun.isPending ? t('editor.dryRunning') : t('editor.dryRun')}
        </Button>
        <Button type="submit" form="automation-editor-form" variant="contained" disabled={save.isPending} data-testid="automation-save">
          {save.isPending ? t('editor.saving') : t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

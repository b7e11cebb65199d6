import { describe, expect, it } from 'vitest';
import { BAWARCHI_OUTLET, ruleFixture, TEMPLATE_SORRY } from './testing/automation-backend.ts';
import { delayText } from './format.ts';
import { emptyForm, fieldOfServerField, formOfRule, newAction, toCreateRequest, toDefinition, validateRule } from './rule-form.ts';

describe('rule form', () => {
  it('leaves "any" conditions out: every source and sentiment ticked, no rating, keyword or outlet', () => {
    const form = { ...emptyForm(), name: 'All reviews', actions: [{ ...newAction('create_ticket'), priority: 'high' as const }] };
    expect(toCreateRequest(form)).toEqual({ trigger: 'new_review', conditions: {}, actions: [{ type: 'create_ticket', priority: 'high' }], delayMinutes: 5, name: 'All reviews', enabled: false });
    expect(validateRule(form)).toEqual([]);
  });

  it('sends a set with a box unticked, and an empty one so the contract names it', () => {
    const form = { ...emptyForm(), name: 'Bad', sources: [], sentiments: ['negative' as const], text: 'with' as const, actions: [{ ...newAction('reply'), templateIds: [TEMPLATE_SORRY] }] };
    expect(toDefinition(form).conditions).toEqual({ sources: [], hasText: true, sentiments: ['negative'] });
    expect(validateRule(form).map((issue) => issue.field)).toEqual(['sources']);
  });

  it('sorts the contract’s issues to the editor’s fields, actions by index', () => {
    const form = { ...emptyForm(), name: 'x', ratingMin: '4', ratingMax: '2', keywords: ['a'], delayMinutes: '2000', actions: [newAction('create_ticket'), newAction('assign')] };
    expect(validateRule(form).map((issue) => issue.field).sort()).toEqual(['action.1', 'delay', 'keywords', 'name', 'rating']);
    const both = { ...emptyForm(), name: 'Both', actions: [{ ...newAction('reply'), templateIds: [TEMPLATE_SORRY] }, { ...newAction('draft'), templateIds: [TEMPLATE_SORRY] }] };
    expect(validateRule(both).map((issue) => issue.field)).toEqual(['actions']);
    expect(validateRule({ ...emptyForm(), name: 'Half', delayMinutes: '7.5', actions: [newAction('create_ticket')] }).map((i) => i.field)).toEqual(['delay']);
  });

  it('reads a saved rule back into the same request', () => {
    const rule = ruleFixture({ conditions: { ratingMax: 2, hasText: false, outletIds: [BAWARCHI_OUTLET], sentiments: ['negative', 'neutral'] }, delayMinutes: 240 });
    const request = toCreateRequest(formOfRule(rule));
    expect(request.conditions).toEqual({ ratingMax: 2, hasText: false, outletIds: [BAWARCHI_OUTLET], sentiments: ['neutral', 'negative'] });
    expect(request.actions).toEqual(rule.actions);
    expect(request.delayMinutes).toBe(240);
  });

  it('places a server refusal at its field', () => {
    expect(fieldOfServerField('body.name')).toBe('name');
    expect(fieldOfServerField('body.conditions.outletIds')).toBe('outlets');
    expect(fieldOfServerField('body.actions.templateIds')).toBe('actions');
    expect(fieldOfServerField('body.ruleId')).toBeNull();
    expect(fieldOfServerField(undefined)).toBeNull();
  });

  it('words delays in hours and minutes', () => {
    expect(delayText(5, 'en')).toBe('5 minutes');
    expect(delayText(60, 'en')).toBe('1 hour');
    expect(delayText(90, 'en')).toBe('1 hour, 30 minutes');
    expect(delayText(1440, 'de')).toBe('24 Stunden');
  });
});

import { describe, expect, it } from 'vitest';
import { insertMention, mentionedUserIds, typedMentionAt } from './mention-text.ts';

describe('typedMentionAt', () => {
  it('finds the name being typed after @ up to the caret', () => {
    expect(typedMentionAt('@As', 3)).toEqual({ start: 0, query: 'As' });
    expect(typedMentionAt('Ask @Spice Ro about it', 13)).toEqual({ start: 4, query: 'Spice Ro' });
    expect(typedMentionAt('Line one\n(@ra', 13)).toEqual({ start: 10, query: 'ra' });
  });

  it('needs a letter after @, and no email address, line break or caret before it', () => {
    expect(typedMentionAt('@', 1)).toBeNull();
    expect(typedMentionAt('@ 1', 3)).toBeNull();
    expect(typedMentionAt('@1abc', 5)).toBeNull();
    expect(typedMentionAt('mail asha@spice', 15)).toBeNull();
    expect(typedMentionAt('@Asha\nthanks', 12)).toBeNull();
    expect(typedMentionAt('@Asha', 0)).toBeNull();
    expect(typedMentionAt(`@${'a'.repeat(80)}`, 81)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces the typed part with @Full Name and a space, caret after it', () => {
    const text = 'Please @spi check';
    const typed = typedMentionAt(text, 11)!;
    expect(insertMention(text, typed, 11, 'Spice Route Agent')).toEqual({ text: 'Please @Spice Route Agent check', caret: 25 });
    expect(insertMention('@as', { start: 0, query: 'as' }, 3, 'Asha Rao')).toEqual({ text: '@Asha Rao ', caret: 10 });
    expect(insertMention('@asx', { start: 0, query: 'as' }, 3, 'Asha Rao')).toEqual({ text: '@Asha Rao x', caret: 10 });
  });
});

describe('mentionedUserIds', () => {
  const ana = { id: 'u-ana', fullName: 'Ana' };
  const anaMaria = { id: 'u-ana-maria', fullName: 'Ana Maria' };
  it('keeps only the recorded teammates still named in the text, once each', () => {
    expect(mentionedUserIds('@Ana Maria and @Ana, thanks @Ana', [ana, anaMaria])).toEqual(['u-ana-maria', 'u-ana']);
    expect(mentionedUserIds('@Ana Maria only', [ana, anaMaria])).toEqual(['u-ana-maria']);
    expect(mentionedUserIds('Ana without the at sign', [ana])).toEqual([]);
  });
});

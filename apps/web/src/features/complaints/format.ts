/**
 * Words of the complaints screen that depend on data: root-cause names (the defaults are
 * translated, a client's own are shown as their key reads), channel names, and the activity
 * entries of a timeline, which the server sends as `{kind, value}` so each user reads them in
 * their own language.
 */
import { DEFAULT_ROOT_CAUSES, type TTimelineItem } from '@dinedesk/contracts';
import type { TFunction } from 'i18next';

export type ComplaintsT = TFunction<'complaints'>;

type DefaultRootCause = (typeof DEFAULT_ROOT_CAUSES)[number];
const isDefault = (key: string): key is DefaultRootCause => (DEFAULT_ROOT_CAUSES as readonly string[]).includes(key);

/** "Food" for `food`; a client's own `wrong_order` reads "wrong order". */
export function rootCauseLabel(key: string, t: ComplaintsT): string {
  return isDefault(key) ? t(`rootCause.${key}`) : key.replace(/_/g, ' ');
}

const CHANNELS = ['facebook', 'google', 'messenger', 'instagram'] as const;
type Channel = (typeof CHANNELS)[number];
const isChannel = (value: string): value is Channel => (CHANNELS as readonly string[]).includes(value);

/** Facebook, Google, Messenger, Instagram; anything else as sent. */
export function channelLabel(channel: string | null, t: ComplaintsT): string {
  if (channel === null) return '';
  return isChannel(channel) ? t(`source.${channel}`) : channel;
}

/** Which kind of source an `opened`/`linked` entry names (`review:123`, `conversation:7`). */
function sourceKind(value: string | null): 'review' | 'conversation' {
  return value?.startsWith('conversation:') ? 'conversation' : 'review';
}

/** One activity entry as a sentence: "Asha Rao set the status to Resolved". */
export function activityText(item: TTimelineItem, t: ComplaintsT): string {
  const activity = item.activity;
  const author = item.author;
  if (!activity) return item.text;
  switch (activity.kind) {
    case 'opened':
      return sourceKind(activity.value) === 'conversation' ? t('activity.openedFromConversation', { author }) : t('activity.openedFromReview', { author });
    case 'linked':
      return sourceKind(activity.value) === 'conversation' ? t('activity.linkedConversation', { author }) : t('activity.linkedReview', { author });
    case 'status': {
      const status = activity.value === 'open' || activity.value === 'in_progress' || activity.value === 'resolved' ? t(`status.${activity.value}`) : (activity.value ?? '');
      return t('activity.status', { author, status });
    }
    case 'assignee':
      return activity.value ? t('activity.assigned', { author, name: activity.value }) : t('activity.unassigned', { author });
    case 'root_cause':
      return activity.value ? t('activity.rootCause', { author, cause: rootCauseLabel(activity.value, t) }) : t('activity.rootCauseCleared', { author });
  }
}

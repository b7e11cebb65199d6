/**
 * The chat demo's initial data (docs/requirements/data.md): the signed-in demo user (id 11, as in
 * the template), ten contacts in every status, six chats with a conversation each (some with
 * unseen messages) and four contacts without a chat. A seeded faker gives the same names and
 * lines on every load; times count back from "now" (taken when the db is created), so the
 * latest messages are from today.
 */
import { en, Faker } from '@faker-js/faker';
import { CHAT_STATUSES, type TChat, type TChatContact, type TChatMessage, type TProfileUser } from './schema.ts';

/** The mutable state behind the chat handlers (plain JSON, kept by `DemoState`). */
export interface ChatDb {
  profileUser: TProfileUser;
  contacts: TChatContact[];
  /** In id order (docs/requirements/constants.md: a new chat's id is the last id plus one). */
  chats: TChat[];
}

const SEED = 4242;
const MINUTE = 60_000;
const PROFILE_ID = 11;

const asset = (path: string) => `${import.meta.env.BASE_URL}demo/${path}`;

/** Lines of a conversation between restaurant staff: [from the contact, the answer]. */
function exchange(faker: Faker): [string, string] {
  return faker.helpers.arrayElement<() => [string, string]>([
    () => [`Are we still on for the tasting on ${faker.date.weekday()}?`, `Yes, see you at ${faker.number.int({ min: 9, max: 17 })}:00.`],
    () => [`Could you send me the new ${faker.food.dish().toLowerCase()} recipe?`, 'Sure, sending it over in a minute.'],
    () => [`The ${faker.food.ingredient().toLowerCase()} delivery is late again.`, "I'll call the supplier right away."],
    () => [`Can you cover the evening shift on ${faker.date.weekday()}?`, 'I can, as long as I can leave by 23:00.'],
    () => [`Table ${faker.number.int({ min: 2, max: 30 })} asked for the manager.`, "On my way, tell them I'll be there in two minutes."],
    () => [`${faker.food.description()}`, 'Sounds great, let’s put it on the specials board.'],
    () => [`We got a ${faker.number.int({ min: 3, max: 5 })}-star review mentioning the ${faker.food.dish().toLowerCase()}!`, 'Great news, please share it with the kitchen team!'],
    () => ['Did the new menus arrive from the printer?', 'Not yet, they promised them for tomorrow morning.'],
    () => [`Can we book ${faker.number.int({ min: 8, max: 40 })} guests for a private event next month?`, 'Let me check the calendar and get back to you.'],
  ])();
}

/** A fresh copy of the initial chat data; `now` anchors the times (tests may fix it). */
export function createChatDb(now: Date = new Date()): ChatDb {
  const faker = new Faker({ locale: [en], seed: SEED });
  const contacts: TChatContact[] = Array.from({ length: 10 }, (_, i) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const role = faker.helpers.arrayElement(['Head Chef', 'Sous Chef', 'Outlet Manager', 'Sommelier', 'Pastry Chef', 'Front of House', 'Marketing Lead', 'Supplier']);
    return {
      id: i + 1,
      fullName: `${firstName} ${lastName}`,
      role,
      about: `${role} with ${faker.number.int({ min: 2, max: 20 })} years in the trade, previously at ${faker.company.name()}. Favourite dish: ${faker.food.dish().toLowerCase()}.`,
      avatar: i % 3 === 2 ? '' : asset(`avatars/avatar-${(i % 8) + 1}.svg`),
      status: CHAT_STATUSES[i % CHAT_STATUSES.length] ?? 'offline',
    };
  });
  const profileUser: TProfileUser = {
    id: PROFILE_ID,
    fullName: 'John Doe',
    role: 'Admin',
    about: 'Runs the group’s outlets and answers the team here. Usually online between 9:00 and 18:00.',
    avatar: asset('avatars/avatar-8.svg'),
    status: 'online',
    settings: { isTwoStepAuthVerificationEnabled: true, isNotificationsOn: false },
  };

  // Chats with the first six contacts; their last messages go back from minutes to days ago.
  const lastAgo = [6, 48, 190, 1500, 3100, 8700];
  const unseen = [2, 0, 1, 0, 3, 0];
  const chats: TChat[] = lastAgo.map((ago, i) => {
    const contact = contacts[i];
    const userId = contact?.id ?? i + 1;
    const rounds = faker.number.int({ min: 2, max: 5 });
    const messages: TChatMessage[] = [];
    // At most three lines a round, at most 5 minutes apart: the talk ends before `ago`.
    let minutesAgo = ago + rounds * 3 * 5 + 5;
    for (let r = 0; r < rounds; r += 1) {
      const [question, answer] = exchange(faker);
      const contactAsks = r % 2 === 0;
      const lines: [string, number][] = contactAsks
        ? [[question, userId], [answer, PROFILE_ID]]
        : [[question, PROFILE_ID], [answer, userId]];
      // Sometimes a follow-up in the same run, so bubbles group.
      if (faker.datatype.boolean(0.4)) lines.push([faker.helpers.arrayElement(['Thanks!', 'Great.', 'Perfect.', 'Noted.']), lines[1]?.[1] ?? userId]);
      for (const [message, senderId] of lines) {
        minutesAgo -= faker.number.int({ min: 1, max: 5 });
        messages.push({ message, senderId, time: new Date(now.getTime() - minutesAgo * MINUTE).toISOString() });
      }
    }
    const waiting = unseen[i] ?? 0;
    // Unseen messages are the contact's, at the end of the chat.
    for (let w = 0; w < waiting; w += 1) {
      messages.push({
        message: faker.helpers.arrayElement(['Are you there?', 'Call me when you can.', 'Any update on this?', `See you on ${faker.date.weekday()}!`]),
        senderId: userId,
        time: new Date(now.getTime() - Math.max(ago - w, 0) * MINUTE).toISOString(),
      });
    }
    messages.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return { id: i + 1, userId, unseenMsgs: waiting, chat: messages };
  });
  return { profileUser, contacts, chats };
}

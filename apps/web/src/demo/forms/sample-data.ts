/** Fixed sample data of the forms pages: dishes, staff, time slots (deterministic for tests and screenshots). */
export const DISHES = [
  'Tomato bruschetta',
  'Burrata & peach',
  'Margherita pizza',
  'Wild mushroom risotto',
  'Grilled sea bass',
  'Tagliatelle al ragù',
  'Tiramisu',
  'Lemon tart',
] as const;

export const WAITERS = ['Alice Moreau', 'Jonas Becker', 'Beatriz Souza', 'Tom Hughes', 'Léa Martin'] as const;

/** Dinner slots, every half hour from 18:00 to 22:00. */
export const TIME_SLOTS = ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'] as const;

export const SEATING_AREAS = ['indoor', 'terrace', 'bar'] as const;

/** One valid submission of every form kind, as the islands send them. */
export const forms = {
  contact: {
    kind: 'contact',
    locale: 'nl',
    name: 'Anna de Vries',
    email: 'anna@example.nl',
    subject: 'Lesrooster',
    question: 'Wanneer beginnen de lessen na de zomer?\nIk heb twee kinderen.',
  },
  question: {
    kind: 'question',
    locale: 'en',
    email: 'john@example.com',
    name: 'John Smith',
    subject: 'TC De Baseline',
    question: 'Do you offer lessons in English?',
  },
  customer: {
    kind: 'customer',
    locale: 'nl',
    email: 'piet@example.nl',
    subject: 'Trainer',
    subjectPerson: 'Mark Jansen',
    subjectClub: 'LTC Rijnoever',
    question: 'Kan ik een proefles met Mark plannen?',
  },
  basic: { kind: 'basic', locale: 'en', email: 'sara@example.com', firstName: 'Sara', surname: 'Bakker' },
  job: {
    kind: 'job',
    locale: 'nl',
    jobId: 'tennistrainer-utrecht',
    firstName: 'Kees',
    surname: 'Visser',
    email: 'kees@example.nl',
    phone: '+31 6 1234 5678',
    motivation: 'Ik geef al tien jaar les.\nKNLTB-licentie B.',
  },
} as const;

export type FormKind = keyof typeof forms;

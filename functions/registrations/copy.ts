import type { Locale } from '../../shared/locale.ts';

/** Every word the registration functions say to a visitor, in both languages. */
export const fieldNames: Record<Locale, Record<string, string>> = {
  nl: {
    event: 'Evenement',
    firstName: 'Voornaam',
    surname: 'Achternaam',
    email: 'E-mailadres',
    participant: 'Deelnemer',
    remarks: 'Opmerkingen',
    locale: 'Taal',
    answers: 'Antwoorden',
    token: 'Link',
  },
  en: {
    event: 'Event',
    firstName: 'First name',
    surname: 'Surname',
    email: 'Email address',
    participant: 'Participant',
    remarks: 'Remarks',
    locale: 'Language',
    answers: 'Answers',
    token: 'Link',
  },
};

export const say = {
  nl: {
    required: (field: string) => `${field}: dit veld is verplicht.`,
    tooLong: (field: string, max: number) => `${field}: gebruik hoogstens ${max} tekens.`,
    email: 'Vul een geldig e-mailadres in.',
    oneLine: (field: string) => `${field}: gebruik één regel.`,
    number: (field: string) => `${field}: vul een heel getal in.`,
    tooLow: (field: string, min: number) => `${field}: de waarde moet minimaal ${min} zijn.`,
    tooHigh: (field: string, max: number) => `${field}: de waarde mag maximaal ${max} zijn.`,
    choice: (field: string) => `${field}: kies een van de mogelijkheden.`,
    unknownAnswer: (id: string) => `Dit evenement stelt geen vraag "${id}".`,
    unknownField: (name: string) => `Onbekend veld: ${name}.`,
    noEvent: 'Dit evenement bestaat niet (meer) of neemt geen inschrijvingen aan.',
    deadlinePassed: 'De inschrijving voor dit evenement is gesloten.',
    eventPast: 'Dit evenement heeft al plaatsgevonden.',
    expired: 'Deze aanmelding is niet op tijd bevestigd en is vervallen. Schrijf je opnieuw in als je toch mee wilt.',
    confirmByMail: (email: string) => `Bevestig je inschrijving met de link in de mail die we naar ${email} stuurden.`,
    tooManyPending: (count: number) =>
      `Met dit e-mailadres wachten al ${count} inschrijvingen op bevestiging. Bevestig die eerst met de links in je mail (of wacht tot ze verlopen), en schrijf je dan opnieuw in.`,
    notFound: 'Deze inschrijving bestaat niet, of de link is niet (meer) geldig.',
    cannotCancel: 'Dit evenement is al begonnen of voorbij; annuleren kan niet meer. Neem contact met ons op.',
    unavailable: 'Inschrijvingen zijn nu niet bereikbaar; probeer het over een paar minuten opnieuw.',
    sessionUnavailable:
      'We kunnen nu niet controleren of je bent ingelogd, dus er is niets opgeslagen; probeer het over een paar minuten opnieuw.',
  },
  en: {
    required: (field: string) => `${field}: this field is required.`,
    tooLong: (field: string, max: number) => `${field}: use at most ${max} characters.`,
    email: 'Please enter a valid email address.',
    oneLine: (field: string) => `${field}: use a single line.`,
    number: (field: string) => `${field}: please enter a whole number.`,
    tooLow: (field: string, min: number) => `${field}: the value must be at least ${min}.`,
    tooHigh: (field: string, max: number) => `${field}: the value must be at most ${max}.`,
    choice: (field: string) => `${field}: choose one of the options.`,
    unknownAnswer: (id: string) => `This event asks no question "${id}".`,
    unknownField: (name: string) => `Unknown field: ${name}.`,
    noEvent: 'This event does not exist (any more) or takes no registrations.',
    deadlinePassed: 'Registration for this event has closed.',
    eventPast: 'This event has already taken place.',
    expired:
      'This registration was not confirmed in time and has lapsed. Please register again if you would still like to come.',
    confirmByMail: (email: string) =>
      `Please confirm your registration with the link in the email we sent to ${email}.`,
    tooManyPending: (count: number) =>
      `${count} registrations with this email address are already waiting to be confirmed. Please confirm those first with the links in your email (or wait until they lapse), then register again.`,
    notFound: 'This registration does not exist, or the link is not (or no longer) valid.',
    cannotCancel: 'This event has started or is over; it can no longer be cancelled. Please contact us.',
    unavailable: 'Registrations cannot be reached right now; please try again in a few minutes.',
    sessionUnavailable:
      'We cannot check that you are signed in right now, so nothing was saved; please try again in a few minutes.',
  },
};

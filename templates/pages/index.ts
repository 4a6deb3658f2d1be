import type { ComponentType } from 'react';
import type { PageRoute } from '../../cli/routes/types.ts';
import { StaticPage } from './StaticPage.tsx';
import { CampsPage, LessonRulesPage } from './FormPages.tsx';
import { HomePage } from './HomePage.tsx';
import { ContactPage } from './ContactPage.tsx';
import { ClubsPage } from './ClubsPage.tsx';
import { ClubPage } from './ClubPage.tsx';
import { NewsArticlePage, NewsListPage } from './NewsPages.tsx';
import { EventPage, EventSignupPage, EventsPage } from './EventPages.tsx';
import { RegistrationPage, RegistrationsPage } from './RegistrationPages.tsx';
import { JobsPage, RegionalTennisPage, StagingLoginPage, StatusPage } from './OtherPages.tsx';
import { LoginPage } from './LoginPage.tsx';
import { SearchPage } from './SearchPage.tsx';
import { FormResultPage } from './FormResultPage.tsx';

/** The template of every route; routes not named here are pages of text alone. */
export const pageComponents: Record<PageRoute['route'], ComponentType> = {
  home: HomePage,
  login: LoginPage,
  camps: CampsPage,
  contact: ContactPage,
  socials: StaticPage,
  about: StaticPage,
  jobs: JobsPage,
  'pro-academy': StaticPage,
  'junior-academy': StaticPage,
  'regional-tennis': RegionalTennisPage,
  news: NewsListPage,
  'news-page': NewsListPage,
  'news-article': NewsArticlePage,
  clubs: ClubsPage,
  club: ClubPage,
  'staging-login': StagingLoginPage,
  'staging-login-failed': StagingLoginPage,
  'form-sent': FormResultPage,
  'form-failed': FormResultPage,
  'privacy-policy': StaticPage,
  'anti-bullying-policy': StaticPage,
  terms: StaticPage,
  'lesson-rules': LessonRulesPage,
  events: EventsPage,
  event: EventPage,
  registrations: RegistrationsPage,
  registration: RegistrationPage,
  'event-signup': EventSignupPage,
  search: SearchPage,
  'not-found': StatusPage,
  error: StatusPage,
};

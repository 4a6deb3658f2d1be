import type { ComponentType } from 'react';
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

/**
 * The templates of routes that show more than their text. Any other route of site.config.yaml
 * is a page of text alone (StaticPage), so a new text page needs no code (issue 20).
 */
const pageComponents: Record<string, ComponentType> = {
  home: HomePage,
  login: LoginPage,
  camps: CampsPage,
  contact: ContactPage,
  jobs: JobsPage,
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

/** The template a route renders with. */
export const pageComponent = (route: string): ComponentType =>
  Object.hasOwn(pageComponents, route) ? pageComponents[route]! : StaticPage;

/** The routes with a template of their own (the rest are pages of text). */
export const templatedRoutes: readonly string[] = Object.keys(pageComponents);

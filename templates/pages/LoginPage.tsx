import { PageFrame } from '../layouts/PageFrame.tsx';
import { Prose } from '../components/Prose.tsx';
import { Island } from '../components/Island.tsx';
import { loginProps } from '../lib/identity-props.ts';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * /login and /en/login: the sign-in card (islands/login.tsx). Its HTML is the sign-in form, so the
 * page is whole before any script; the island wakes at once and fetches Firebase in its own chunk.
 * The card's heading is the page's <h1> and names the view shown (sign in, create an account,
 * new password); the page text follows as a note that holds for every view.
 */
export function LoginPage() {
  const text = usePageText();
  const site = useSite();
  return (
    <PageFrame heading={false}>
      <Island name="login" props={loginProps(site)} load="load" />
      <Prose html={text.html} className="auth-note" />
    </PageFrame>
  );
}

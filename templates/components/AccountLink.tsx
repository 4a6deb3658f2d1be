import { useSite } from '../lib/site.tsx';
import { Icon } from './Icon.tsx';

/**
 * The header's login link, as plain HTML: it works without any script, and costs the page none.
 * `?next=` is this page, so the visitor comes back here after signing in. For a signed-in visitor
 * the header island's menu (islands/components/account/SignedInMenu.tsx) hides it and shows their
 * avatar in its place.
 */
export function AccountLink() {
  const { page, href, t } = useSite();
  const login = href('login');
  // A status page or a shell (filled in the browser) has no path of its own to come back to.
  const target =
    page.entity.kind === 'status' || page.shell ? login : `${login}?next=${encodeURIComponent(page.canonical)}`;
  return (
    <a className="account-login" href={target} data-account="signed-out">
      <Icon name="user" size={18} />
      <span>{t('nav.login')}</span>
    </a>
  );
}

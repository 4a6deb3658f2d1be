import { Avatar, type AvatarProps } from './components/Avatar.tsx';

/**
 * An avatar on a page (head trainers; the signed-in navigation later). Rendered on the server in
 * any case; hydrated only when it has an image that might fail (templates pass load="none" when
 * there is no src, so a page of initials ships no script).
 */
export default function AvatarIsland(props: AvatarProps) {
  return <Avatar {...props} />;
}

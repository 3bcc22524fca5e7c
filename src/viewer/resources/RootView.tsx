import { classifyLink, relationInfo, relationName, requiredPermission, targetOf } from '../../api/links.ts';
import type { Link } from '../../api/schemas.ts';
import { folderName } from '../../model/mailbox.ts';
import { isObj, linksOf, str } from '../../model/read-json.ts';
import { relationLabel } from '../../model/labels.ts';
import { t } from '../../shared/i18n.ts';
import { FolderIcon } from '../../ui/folder-icon.tsx';
import { ChevronIcon, LockIcon } from '../../ui/icons.tsx';
import type { Permission } from '../../shared/permissions.ts';
import { RelationIcon } from '../../ui/relation-icons.tsx';
import { ViewerLink } from '../navigation.tsx';
import { FieldList } from './Fields.tsx';
import { AllDetails } from './GenericView.tsx';

/*
 * "All links from the service": the root resource, where every page the service offers this
 * session can be reached, in words. The root's own links, the account's and each mailbox's (its
 * folders by their names) are listed by where they belong; actions, internal links, pages that would
 * show nothing and links to other sites are only in the closed details, with the raw names and addresses.
 */

interface Place {
  key: string;
  label: string;
  link: Link;
  relation: string;
  folderIcon?: string | undefined;
}

interface Group {
  heading: string;
  places: Place[];
}

function placesOf(links: readonly Link[], serviceOrigin: string, seen: Set<string>): Place[] {
  const places: Place[] = [];
  for (const link of links) {
    const name = relationName(link.rel);
    // Offered only where the extension shows something there (its row says 'places'): a page that
    // would show nothing, an action or the extension's own plumbing stays in the closed details.
    if (name === 'self' || relationInfo(name).shown !== 'places' || !classifyLink(link, serviceOrigin).followable || seen.has(link.uri))
      continue;
    // The same page offered twice (the account's and the mailbox's inbox) is listed once, where first met.
    seen.add(link.uri);
    places.push({ key: `${name}|${link.uri}`, label: relationLabel(name), link, relation: name });
  }
  return places;
}

function folderPlaces(mailbox: Record<string, unknown>, serviceOrigin: string, seen: Set<string>): Place[] {
  const folders = isObj(mailbox.folders) && Array.isArray(mailbox.folders.folder) ? mailbox.folders.folder : [];
  const places: Place[] = [];
  for (const folder of folders) {
    const self = linksOf(folder).find((link) => relationName(link.rel) === 'self');
    if (!isObj(folder) || !self || seen.has(self.uri) || !classifyLink(self, serviceOrigin).followable) continue;
    seen.add(self.uri);
    places.push({
      key: `folder|${self.uri}`,
      label: folderName({ name: str(folder.name) ?? '', self }),
      link: self,
      relation: 'folder',
      folderIcon: str(folder.icon),
    });
  }
  return places;
}

/** Every followable page of the root, the account and each mailbox, grouped by where it belongs. */
function rootPlaces(data: unknown, serviceOrigin: string): Group[] {
  if (!isObj(data)) return [];
  const seen = new Set<string>();
  const mailboxes = Array.isArray(data.mailbox) ? data.mailbox.filter(isObj) : [];
  const groups: Group[] = [
    ...mailboxes.map((mailbox) => ({
      // The person's own mailbox is theirs; another they may read (shared, a business's) goes by its name.
      heading:
        mailbox.owner === false && str(mailbox.name)?.trim()
          ? t('all_links_mailbox_of', str(mailbox.name)?.trim() ?? '')
          : t('all_links_mailbox'),
      places: [...placesOf(linksOf(mailbox), serviceOrigin, seen), ...folderPlaces(mailbox, serviceOrigin, seen)],
    })),
    { heading: t('all_links_account'), places: placesOf(linksOf(data.primaryAccount), serviceOrigin, seen) },
    { heading: t('all_links_service'), places: placesOf(linksOf(data), serviceOrigin, seen) },
  ];
  return groups.filter((group) => group.places.length > 0);
}

/**
 * The root: the person's own settings in words, then every page to go to, then the raw resource
 * folded away. A page the permissions this sign-in was granted (`scopes`) cannot open is marked
 * locked, as in the side list; its page offers "Allow…".
 */
export function RootView(props: { data: unknown; serviceOrigin: string; scopes?: readonly Permission[] | undefined }) {
  const groups = rootPlaces(props.data, props.serviceOrigin);
  const locked = (relation: string) => {
    const needed = requiredPermission(relation);
    return props.scopes !== undefined && needed !== undefined && !props.scopes.includes(needed);
  };
  return (
    <>
      {/* The mailboxes are their pages below; their ids and icon codes are details. */}
      <FieldList data={props.data} omit={['mailbox']} />
      {groups.map((group, i) => (
        <section key={group.heading} aria-labelledby={`root-group-${i}`}>
          <h2 id={`root-group-${i}`}>{group.heading}</h2>
          <ul class="place-list">
            {group.places.map((place) => (
              <li key={place.key}>
                <ViewerLink class="place" target={targetOf(place.link, place.relation)}>
                  {place.relation === 'folder' ? <FolderIcon icon={place.folderIcon} /> : <RelationIcon name={place.relation} />}
                  <span>{place.label}</span>
                  {locked(place.relation) ? (
                    <span class="nav-locked" title={t('place_locked_hint')}>
                      <LockIcon />
                      <span class="visually-hidden"> {t('place_locked')}</span>
                    </span>
                  ) : null}
                  <ChevronIcon class="place-chevron" />
                </ViewerLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}

import { classifyLink, relationInfo, relationName, targetOf } from '../../api/links.ts';
import { ChevronIcon } from '../../ui/icons.tsx';
import { RelationIcon } from '../../ui/relation-icons.tsx';
import { t } from '../../shared/i18n.ts';
import { relationLabel } from '../../model/labels.ts';
import { FieldList } from './Fields.tsx';
import { linksOf } from '../../model/read-json.ts';
import { ViewerLink } from '../navigation.tsx';
import { Value, type Json } from './ResourceTree.tsx';

/** The raw resource, names, codes and addresses as the service sent them, for who wants them. */
export function AllDetails(props: { data: unknown; serviceOrigin: string }) {
  return (
    <details class="all-details">
      <summary>{t('all_details')}</summary>
      <Value value={props.data as Json} serviceOrigin={props.serviceOrigin} depth={0} />
    </details>
  );
}

/**
 * Any resource the viewer has no page of its own for: its fields in words, the pages it leads to
 * by their names, and everything else under "All details and links".
 */
export function GenericView(props: { data: unknown; serviceOrigin: string }) {
  // A page's own address is where the reader is already, not a place to go from it.
  const places = linksOf(props.data).filter((link) => {
    const name = relationName(link.rel);
    return name !== 'self' && relationInfo(name).shown === 'places' && classifyLink(link, props.serviceOrigin).followable;
  });
  return (
    <>
      <FieldList data={props.data} />
      {places.length > 0 ? (
        <section aria-labelledby="places-heading">
          <h2 id="places-heading">{t('places_to_go')}</h2>
          <ul class="place-list">
            {places.map((link, i) => {
              const name = relationName(link.rel);
              return (
                <li key={`${link.uri}|${i}`}>
                  <ViewerLink class="place" target={targetOf(link, name)}>
                    <RelationIcon name={name} />
                    <span>{relationLabel(name)}</span>
                    <ChevronIcon class="place-chevron" />
                  </ViewerLink>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <AllDetails data={props.data} serviceOrigin={props.serviceOrigin} />
    </>
  );
}

import { firm } from '../../firm';
import { serviceBySlug } from '../servicos/services';
import { CtaBand, PageHero } from '../shared';
import { type BlogPost, POSTS, formatPostDate } from './posts';

/** /blog: the articles, newest first. */
export function BlogIndexPage() {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Blog"
        lead="Artigos sobre registro empresarial: abertura, alterações, certidões e os prazos das Juntas Comerciais."
      />
      <section className="section" aria-label="Artigos">
        <div className="container">
          <ul className="post-list">
            {POSTS.map((post) => (
              <li key={post.slug} className="post-card">
                <h2 className="post-card__title">
                  <a href={`/blog/${post.slug}`}>{post.title}</a>
                </h2>
                <p className="post-card__meta">
                  <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author}
                </p>
                <p>{post.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand />
    </>
  );
}

/** /blog/{slug}: one article (its HTML was made from Markdown at build time). */
export function BlogPostView({ post }: { post: BlogPost }) {
  const service = post.service ? serviceBySlug(post.service) : null;
  return (
    <>
      <PageHero eyebrow="Blog" title={post.title} lead={post.description} />
      <div className="container article-layout">
        <article className="prose">
          <p className="post-card__meta">
            <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author}
          </p>
          <div dangerouslySetInnerHTML={{ __html: post.html }} />
        </article>
        <aside className="sidebar" aria-labelledby="blog-mais">
          <h2 id="blog-mais" className="sidebar__title">
            Continue lendo
          </h2>
          <ul>
            {POSTS.filter((other) => other.slug !== post.slug).map((other) => (
              <li key={other.slug}>
                <a href={`/blog/${other.slug}`}>{other.title}</a>
              </li>
            ))}
          </ul>
          {service && (
            <p>
              Serviço relacionado: <a href={`/servicos/${service.slug}`}>{service.title}</a>
            </p>
          )}
          <p>
            <a href="/blog">Todos os artigos</a>
          </p>
        </aside>
      </div>
      <CtaBand />
    </>
  );
}

export function blogPostPage(post: BlogPost) {
  const Page = () => <BlogPostView post={post} />;
  Page.displayName = `BlogPost(${post.slug})`;
  return Page;
}

/** schema.org BlogPosting for an article page. */
export function blogPostingData(post: BlogPost, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: firm.brandName },
    mainEntityOfPage: url,
    inLanguage: 'pt-BR',
  };
}

import { Anchor, Card, Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_SECTIONS, HELP_VIEWPORTS, shotFor, type HelpKind, type HelpSection } from './sections';

/** A screenshot of the reader's language, the English one when that is missing. */
function Shot({ kind, lang, section, alt }: { kind: HelpKind; lang: string; section: string; alt: string }) {
  const { src, fallback } = shotFor(kind, lang, section);
  const [current, setCurrent] = useState(src);
  const { width } = HELP_VIEWPORTS[kind];
  return (
    <img
      data-testid="help-shot"
      src={current}
      alt={alt}
      loading="lazy"
      onError={() => current !== fallback && setCurrent(fallback)}
      style={{
        maxWidth: '100%',
        width: kind === 'app' ? width * 0.8 : undefined,
        border: '1px solid #f0f0f0',
        borderRadius: 6,
      }}
    />
  );
}

function SectionCard({ kind, section }: { kind: HelpKind; section: HelpSection }) {
  const { t, i18n } = useTranslation('help');
  const title = t(`sections.${section.id}.title`);
  return (
    <Card id={`help-${section.id}`} data-testid={`help-section-${section.id}`} style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Row gutter={24}>
        <Col xs={24} lg={kind === 'app' ? 12 : 24}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
            {t(`sections.${section.id}.text`)}
          </Typography.Paragraph>
        </Col>
        <Col xs={24} lg={kind === 'app' ? 12 : 24}>
          {/* key: a language switch starts again from that language's picture. */}
          <Shot
            key={i18n.language}
            kind={kind}
            lang={i18n.language}
            section={section.id}
            alt={t('guide.shotAlt', { title })}
          />
        </Col>
      </Row>
    </Card>
  );
}

/** How to use the site on a phone (`app`) or a desktop browser (`pc`): one card per task. */
export function GuidePage({ kind }: { kind: HelpKind }) {
  const { t } = useTranslation('help');
  return (
    <Row gutter={24} data-testid={`help-${kind}`}>
      <Col xs={24} xl={19}>
        <Typography.Title level={3} data-testid="help-title">
          {t(`guide.${kind}.title`)}
        </Typography.Title>
        <Typography.Paragraph>{t(`guide.${kind}.intro`)}</Typography.Paragraph>
        {HELP_SECTIONS.map((s) => (
          <SectionCard key={s.id} kind={kind} section={s} />
        ))}
      </Col>
      <Col xs={0} xl={5}>
        <Anchor
          offsetTop={16}
          items={HELP_SECTIONS.map((s) => ({
            key: s.id,
            href: `#help-${s.id}`,
            title: t(`sections.${s.id}.title`),
          }))}
        />
      </Col>
    </Row>
  );
}

export const AppHelpPage = () => <GuidePage kind="app" />;
export const PcHelpPage = () => <GuidePage kind="pc" />;

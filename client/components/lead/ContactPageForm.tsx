/**
 * The /contact form's box: the contact page form island (form type 'contact'; on success its
 * toast, then /schedule-inspection; docs/forms.md).
 */
import { usePageContext } from 'vike-react/usePageContext'
import { isStateFor } from '../../../shared/enquiry-form-state'
import { CONTACT_PAGE_FORM_ID } from '../../dom-contract'
import { Island } from '../../islands/Island'

export function ContactPageForm() {
  const { urlPathname, enquiryForm } = usePageContext()
  const served = isStateFor(enquiryForm, 'contact_page', urlPathname) ? enquiryForm : undefined
  return (
    <div className="lead-form-card" id={CONTACT_PAGE_FORM_ID} data-form="contact">
      <Island
        name="lead-form"
        id={`${CONTACT_PAGE_FORM_ID}-island`}
        props={{ form: 'contact_page', pagePath: urlPathname, served }}
      />
    </div>
  )
}

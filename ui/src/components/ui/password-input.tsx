import { IconButton, Input, InputGroup, type InputProps } from "@chakra-ui/react";
import { useState, type Ref } from "react";
import { FaEye, FaEyeSlash } from "react-icons/fa6";

/** PasswordInput is a password field with a show/hide toggle. */
export function PasswordInput({ ref, ...props }: InputProps & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ pe: "1" }}
      endElement={
        <IconButton
          aria-label={visible ? "Hide password" : "Show password"}
          type="button"
          aria-pressed={visible}
          variant="ghost"
          size="sm"
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <FaEyeSlash /> : <FaEye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? "text" : "password"} size="lg" {...props} />
    </InputGroup>
  );
}

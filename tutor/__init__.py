"""The Streamlit tutor: a thin shell that renders what `solver` computes."""
